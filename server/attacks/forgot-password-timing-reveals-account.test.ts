/**
 * Issue 24, item 10: a stranger times "Forgot password?" to learn who has
 * an account. The page said the same either way, but for an existing
 * account it also issued a link and queued a mail before answering, about
 * half a millisecond more, enough over many requests. The answer now does
 * the same work either way: the look-up, the link and the mail run after
 * it, through a bounded queue. (No timing here: the test checks that the
 * answer is written before svc reads or writes anything about the
 * address, so there is nothing for a clock to tell apart.)
 */
import type { KyselyPlugin, RootOperationNode } from 'kysely'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createUser } from '../accounts/users.js'
import { createBff } from '../app.js'
import type { Database } from '../db/schema.js'
import type { Kysely } from 'kysely'
import { openTestDatabase } from '../db/test-database.js'
import { ScriptedBrowser, USER } from '../testing/identity-fixture.js'

const ISSUER = 'http://localhost:8787'
let db: Kysely<Database>
let browser: ScriptedBrowser
/** Each statement the app ran, in order: its kind and the tables and columns it names. */
const statements: string[] = []

/** Records every statement the app runs (kind, tables, columns), so two answers can be compared statement by statement. */
const recorder: KyselyPlugin = {
  transformQuery({ node }: { node: RootOperationNode }) {
    const tables = [...JSON.stringify(node).matchAll(/"kind":"IdentifierNode","name":"(\w+)"\}\}/g)].map((match) => match[1])
    statements.push(`${node.kind} ${[...new Set(tables)].join(',')}`)
    return node
  },
  transformResult: async ({ result }) => result,
}

beforeEach(async () => {
  db = await openTestDatabase()
  await createUser(db, USER)
  const { app } = createBff({ db: db.withPlugin(recorder), issuer: ISSUER })
  browser = new ScriptedBrowser({}, (url, init) => app.request(url, init))
})
afterEach(() => db.destroy())

/** Asks for a reset link; returns the answer and the statements run before it was written. */
async function askForReset(email: string) {
  const page = await (await browser.request(`${ISSUER}/forgot-password`)).text()
  statements.length = 0
  const res = await browser.submit(`${ISSUER}/forgot-password`, page, { email })
  const answered = statements.length
  // Throttle counters forgotten now and then (on PostgreSQL) are housekeeping, not this request's work.
  const beforeAnswer = statements.slice(0, answered).filter((statement) => !statement.startsWith('DeleteQueryNode failure_counters'))
  // The look-up runs after the answer, for either address; wait for it so it cannot fall in the next request's record.
  await expect.poll(() => statements.slice(answered).some((statement) => statement.startsWith('SelectQueryNode users'))).toBe(true)
  return { status: res.status, page: (await res.text()).replace(email, 'EMAIL'), beforeAnswer }
}

const mailsTo = (email: string) => db.selectFrom('mail_outbox').select('subject').where('recipient', '=', email).execute()

it('answers before touching the account, the same statements for a known and an unknown address', async () => {
  const unknown = await askForReset('nobody@example.com')
  const known = await askForReset(USER.email)
  expect(known.status).toBe(200)
  expect(known.page).toBe(unknown.page)
  expect(known.beforeAnswer).toEqual(unknown.beforeAnswer)
  expect(known.beforeAnswer.filter((statement) => /users|account_tokens|mail_outbox/.test(statement))).toEqual([])
  // The work is done all the same, once the answer is out.
  await expect.poll(() => mailsTo(USER.email)).toEqual([{ subject: 'Reset your svc password' }])
  expect(await mailsTo('nobody@example.com')).toEqual([])
})
