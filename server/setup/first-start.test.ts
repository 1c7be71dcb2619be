import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Kysely } from 'kysely'
import { createUser, userByEmail } from '../accounts/users.js'
import { verifyPassword } from '../accounts/passwords.js'
import { openTestDatabase } from '../db/test-database.js'
import { openDatabase } from '../db/open-database.js'
import type { Database } from '../db/schema.js'
import { flushLog } from '../log.js'
import { readSettings } from '../settings.js'
import { runCliOn } from '../testing/cli-runner.js'
import { BootstrapRefused, bootstrapRequestFrom } from './bootstrap-operator.js'
import { announceSetupLink, bootstrapOnStart } from './first-start.js'
import { isLiveSetupToken } from './setup-link.js'

const PASSWORD = 'violet kettle harbour lamp'
const ISSUER = 'https://id.example.com'

let db: Kysely<Database>
let logged: string[]
beforeEach(async () => {
  db = await openTestDatabase()
  logged = []
  vi.spyOn(console, 'error').mockImplementation((line: string) => void logged.push(...String(line).split('\n')))
})
afterEach(async () => {
  vi.restoreAllMocks()
  await db.destroy()
})

/** The log lines written so far with this event, parsed. */
function events(event: string): Record<string, unknown>[] {
  flushLog()
  return logged.filter((line) => line.includes(`"event":"${event}"`)).map((line) => JSON.parse(line))
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!

describe('the setup link at start', () => {
  it('on a database with no operator: a sentence on the terminal and svc.setup_link in the log, both with the link; a new start kills the old link', async () => {
    const said: string[] = []
    const first = (await announceSetupLink(db, { issuer: ISSUER, say: (text) => said.push(text) }))!
    expect(first).toMatch(/^https:\/\/id\.example\.com\/setup\?token=[A-Za-z0-9_-]{43}$/)
    expect(said).toEqual([
      expect.stringContaining(`svc has no operator yet. To create the first one, open this link in a browser: ${first}`),
    ])
    expect(events('svc.setup_link')).toEqual([expect.objectContaining({ level: 'info', link: first })])
    // Nowhere else: one log line carries the token.
    expect(logged.filter((line) => line.includes(tokenOf(first)))).toHaveLength(1)
    expect(await isLiveSetupToken(db, tokenOf(first))).toBe(true)

    const second = (await announceSetupLink(db, { issuer: ISSUER, say: (text) => said.push(text) }))!
    expect(second).not.toBe(first)
    expect(await isLiveSetupToken(db, tokenOf(first))).toBe(false)
    expect(await isLiveSetupToken(db, tokenOf(second))).toBe(true)
  })

  it('says nothing once an operator exists, and a link left from before dies', async () => {
    const left = (await announceSetupLink(db, { issuer: ISSUER, say: () => undefined }))!
    await createUser(db, { email: 'ops@example.com', name: 'Ops', password: PASSWORD, svcMaster: true })
    const said: string[] = []
    expect(await announceSetupLink(db, { issuer: ISSUER, say: (text) => said.push(text) })).toBeUndefined()
    expect(said).toEqual([])
    expect(await isLiveSetupToken(db, tokenOf(left))).toBe(false)
  })
})

describe('the bootstrap variables', () => {
  const request = (env: Record<string, string>) => bootstrapRequestFrom(readSettings({}, env))
  const refusal = (env: Record<string, string>) => {
    try {
      request(env)
    } catch (error) {
      if (error instanceof BootstrapRefused) return error.message
      throw error
    }
    throw new Error('not refused')
  }

  it('are read from the environment, the password from a file less its trailing line break', () => {
    expect(request({})).toBeUndefined()
    expect(request({ SVC_BOOTSTRAP_OPERATOR_EMAIL: ' Ops@Example.com ', SVC_BOOTSTRAP_OPERATOR_PASSWORD: PASSWORD })).toEqual({
      email: 'ops@example.com',
      password: PASSWORD,
    })
    const file = join(mkdtempSync(join(tmpdir(), 'svc-bootstrap-')), 'password')
    writeFileSync(file, `${PASSWORD}\n`)
    expect(request({ SVC_BOOTSTRAP_OPERATOR_EMAIL: 'ops@example.com', SVC_BOOTSTRAP_OPERATOR_PASSWORD_FILE: file })).toEqual({
      email: 'ops@example.com',
      password: PASSWORD,
    })
  })

  it('refuse, each with a sentence, what serve cannot act on', () => {
    const email = { SVC_BOOTSTRAP_OPERATOR_EMAIL: 'ops@example.com' }
    expect(refusal({ ...email, SVC_BOOTSTRAP_OPERATOR_PASSWORD: 'password1234' })).toBe(
      "the first operator's password (SVC_BOOTSTRAP_OPERATOR_PASSWORD) is refused: This is one of the most common passwords, which attackers try first. Choose another.",
    )
    expect(refusal({ ...email, SVC_BOOTSTRAP_OPERATOR_PASSWORD: 'short' })).toContain('Use at least 12 characters (this one has 5)')
    expect(refusal({ SVC_BOOTSTRAP_OPERATOR_EMAIL: 'ops at example', SVC_BOOTSTRAP_OPERATOR_PASSWORD: PASSWORD })).toBe(
      'SVC_BOOTSTRAP_OPERATOR_EMAIL must be one e-mail address such as ops@example.com, without spaces or any of , ; < > " ( ) [ ] :',
    )
    expect(refusal({ ...email, SVC_BOOTSTRAP_OPERATOR_PASSWORD: PASSWORD, SVC_BOOTSTRAP_OPERATOR_PASSWORD_FILE: '/run/secrets/pw' })).toBe(
      'set SVC_BOOTSTRAP_OPERATOR_PASSWORD or SVC_BOOTSTRAP_OPERATOR_PASSWORD_FILE, not both: svc cannot tell which password you mean',
    )
    expect(refusal(email)).toBe(
      'SVC_BOOTSTRAP_OPERATOR_EMAIL is set without a password: set SVC_BOOTSTRAP_OPERATOR_PASSWORD or SVC_BOOTSTRAP_OPERATOR_PASSWORD_FILE too',
    )
    expect(refusal({ SVC_BOOTSTRAP_OPERATOR_PASSWORD: PASSWORD })).toContain(
      'SVC_BOOTSTRAP_OPERATOR_PASSWORD is set without SVC_BOOTSTRAP_OPERATOR_EMAIL',
    )
    expect(refusal({ ...email, SVC_BOOTSTRAP_OPERATOR_PASSWORD_FILE: '/nonexistent/svc-password' })).toBe(
      'SVC_BOOTSTRAP_OPERATOR_PASSWORD_FILE names /nonexistent/svc-password, which svc cannot read: there is no such file',
    )
  })

  it('make the operator once, confirmed, logging the address and never the password; a later start changes nothing', async () => {
    await bootstrapOnStart(db, { email: 'ops@example.com', password: PASSWORD })
    const operator = (await userByEmail(db, 'ops@example.com'))!
    expect(operator).toMatchObject({ svc_master: 1, email_verified: 1, name: 'Operator' })
    expect(events('svc.operator_bootstrapped')).toEqual([expect.objectContaining({ email: 'ops@example.com' })])
    expect(logged.join('\n')).not.toContain(PASSWORD)

    await bootstrapOnStart(db, { email: 'ops@example.com', password: 'another long pass phrase' })
    expect(events('svc.operator_bootstrap_skipped')).toEqual([expect.objectContaining({ email: 'ops@example.com' })])
    expect((await userByEmail(db, 'ops@example.com'))!.password_hash).toBe(operator.password_hash)
    expect(await verifyPassword(PASSWORD, operator.password_hash)).toBe(true)
    expect(events('svc.operator_bootstrapped')).toHaveLength(1)
  })

  it('stop serve with exit code 1 and the sentence: a weak password before anything opens, an address another account holds after', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'svc-bootstrap-')), 'svc.db')
    const weak = await runCliOn(path, ['serve', '--port', '0'], {
      SVC_BOOTSTRAP_OPERATOR_EMAIL: 'ops@example.com',
      SVC_BOOTSTRAP_OPERATOR_PASSWORD: 'password1234',
    })
    expect(weak).toMatchObject({ exitCode: 1, stdout: '' })
    expect(weak.stderr).toBe(
      "svc-bff: the first operator's password (SVC_BOOTSTRAP_OPERATOR_PASSWORD) is refused: This is one of the most common passwords, which attackers try first. Choose another.",
    )

    const file = await openDatabase({ sqlitePath: path })
    await createUser(file, { email: 'ops@example.com', name: 'Early Bird', password: PASSWORD })
    await file.destroy()
    const taken = await runCliOn(path, ['serve', '--port', '0'], {
      SVC_BOOTSTRAP_OPERATOR_EMAIL: 'ops@example.com',
      SVC_BOOTSTRAP_OPERATOR_PASSWORD: PASSWORD,
    })
    expect(taken.exitCode).toBe(1)
    expect(taken.stderr).toContain(
      'svc-bff: SVC_BOOTSTRAP_OPERATOR_EMAIL names ops@example.com, whose account exists already and is not an operator: make it one with `svc-bff user update --email ops@example.com --operator`',
    )
  })
})
