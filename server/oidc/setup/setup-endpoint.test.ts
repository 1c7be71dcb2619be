import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import { createApp } from '../../app.js'
import { createUser } from '../../accounts/users.js'
import { openTestDatabase } from '../../db/test-database.js'
import type { Database } from '../../db/schema.js'
import { setting } from '../../db/settings.js'
import { listAuditEvents } from '../../audit/audit-events.js'
import { FREE_FAILURES } from '../../http/login-throttle.js'
import { formFields, ScriptedBrowser } from '../../testing/identity-fixture.js'
import { newSetupLink } from '../../setup/setup-link.js'

const ISSUER = 'http://localhost:8787'
const PASSWORD = 'violet kettle harbour lamp'
const DEAD = 'This setup link has been used or has expired. Ask the person who runs svc for a new one'

let db: Kysely<Database>
let app: ReturnType<typeof createApp>
beforeEach(async () => {
  db = await openTestDatabase()
  app = createApp({ db, issuer: ISSUER })
})
afterEach(() => db.destroy())

const browser = () => new ScriptedBrowser({}, (url, init) => app.request(url, init))
const operators = () => db.selectFrom('users').selectAll().where('svc_master', '=', 1).execute()

/** Opens the link and submits its form with `fields`. */
async function setUp(visitor: ScriptedBrowser, link: string, fields: Record<string, string>) {
  const page = await (await visitor.request(link)).text()
  return visitor.submit(`${ISSUER}/setup`, page, fields)
}

describe('/setup with the live link', () => {
  it('makes the first operator, confirmed, signs no one in, says the account is ready with the way to the console, and the link dies', async () => {
    const link = await newSetupLink(db, ISSUER)
    expect(link).toMatch(/^http:\/\/localhost:8787\/setup\?token=[A-Za-z0-9_-]{43}$/)
    // Only a digest is stored: the token itself is nowhere in the database.
    expect(await setting(db, 'setup-token')).not.toContain(new URL(link).searchParams.get('token'))

    const visitor = browser()
    const shown = await visitor.request(link)
    expect(shown.status).toBe(200)
    const page = await shown.text()
    expect(page).toContain('<h1>Create the first operator</h1>')
    for (const label of ['Name', 'Email', 'Password']) expect(page).toMatch(new RegExp(`<label for="\\w+">${label}</label>`))
    expect(page).toContain('Create operator</button>')

    const done = await visitor.submit(`${ISSUER}/setup`, page, { name: 'Grace Hopper', email: 'Grace@Example.com', password: PASSWORD })
    expect(done.status).toBe(200)
    const ready = await done.text()
    expect(ready).toContain('<title>Your operator account is ready')
    expect(ready).toContain('<h1>Your operator account is ready</h1>')
    expect(ready).toContain('<bdi>Grace Hopper</bdi> (grace@example.com) is the first operator of svc. Open the console and sign in')
    expect(ready).toMatch(
      /<form method="get" action="\/console">\s*<div class="actions"><button class="primary" type="submit">Open the console<\/button>/,
    )
    expect(done.headers.getSetCookie().join()).not.toContain('svc_session')
    expect(await operators()).toEqual([
      expect.objectContaining({ email: 'grace@example.com', name: 'Grace Hopper', email_verified: 1, svc_master: 1 }),
    ])
    expect(await setting(db, 'setup-token')).toBeUndefined()
    expect((await listAuditEvents(db)).events).toEqual([
      expect.objectContaining({
        action: 'person.created',
        actor: expect.objectContaining({ kind: 'setup' }),
        target: expect.objectContaining({ name: 'grace@example.com' }),
      }),
    ])

    for (const again of [
      await visitor.request(link),
      await visitor.submit(`${ISSUER}/setup`, page, { email: 'mallory@example.com', password: PASSWORD }),
    ]) {
      expect(again.status).toBe(410)
      const text = await again.text()
      expect(text).toContain(DEAD)
      expect(text).toContain('<a href="/console">Sign in to the console</a>')
      expect(text).not.toContain('<form')
    }
    expect(await operators()).toHaveLength(1)
  })

  it('refuses a weak password beside the field, keeps the typed name and e-mail, and the kept form then goes through with the password alone changed', async () => {
    const link = await newSetupLink(db, ISSUER)
    const visitor = browser()
    const typed = { name: 'نور الهدى <Ops> "Team"', email: 'noor@example.com' }
    const refused = await setUp(visitor, link, { ...typed, password: 'password1234' })
    expect(refused.status).toBe(400)
    const page = await refused.text()
    expect(page).toContain('This is one of the most common passwords, which attackers try first. Choose another.')
    expect(page).toContain('aria-invalid="true"')
    expect(page).not.toContain('<Ops>')
    expect(formFields(page)).toMatchObject({ ...typed, token: new URL(link).searchParams.get('token') })
    expect(await operators()).toEqual([])

    // The same page, re-submitted as it came back, with only the password typed again.
    const done = await visitor.submit(`${ISSUER}/setup`, page, { password: PASSWORD })
    expect(done.status).toBe(200)
    expect(await operators()).toEqual([expect.objectContaining({ name: typed.name, email: typed.email })])
  })

  it('refuses the sign-up rules: a name missing, an address not one, a password too short or holding the address', async () => {
    const link = await newSetupLink(db, ISSUER)
    const visitor = browser()
    const page = await (await setUp(visitor, link, { name: ' ', email: 'ops@', password: 'short' })).text()
    expect(page).toContain('Enter your name.')
    expect(page).toContain('Enter an e-mail address such as ada@example.com.')
    expect(page).toContain('Use at least 12 characters (this one has 5).')
    const again = await setUp(visitor, link, { name: 'Ops', email: 'ops@example.com', password: 'my ops@example.com pw' })
    expect(await again.text()).toContain('Do not use your e-mail address in your password.')
    expect(await operators()).toEqual([])
  })

  it('refuses an address another account holds, and the link keeps working', async () => {
    await createUser(db, { email: 'taken@example.com', name: 'Early Bird', password: PASSWORD })
    const link = await newSetupLink(db, ISSUER)
    const refused = await setUp(browser(), link, { name: 'Ops', email: 'taken@example.com', password: PASSWORD })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain(
      'An account with this e-mail address exists already. Use another address, or make that account an operator with svc-bff user update --email taken@example.com --operator.',
    )
    expect((await setUp(browser(), link, { name: 'Ops', email: 'ops@example.com', password: PASSWORD })).status).toBe(200)
  })

  it('makes exactly one operator of two forms posted at once with the same link', async () => {
    const link = await newSetupLink(db, ISSUER)
    const [first, second] = [browser(), browser()]
    const pages = [await (await first.request(link)).text(), await (await second.request(link)).text()]
    const answers = await Promise.all([
      first.submit(`${ISSUER}/setup`, pages[0]!, { name: 'First', email: 'first@example.com', password: PASSWORD }),
      second.submit(`${ISSUER}/setup`, pages[1]!, { name: 'Second', email: 'second@example.com', password: PASSWORD }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410])
    expect(await operators()).toHaveLength(1)
    expect(await db.selectFrom('users').selectAll().execute()).toHaveLength(1)
  })
})

describe('/setup with a link that does not work', () => {
  it('answers 404 with a sentence for a wrong token, no token, or a link replaced by a newer one', async () => {
    const old = await newSetupLink(db, ISSUER)
    const current = await newSetupLink(db, ISSUER)
    for (const url of [`${ISSUER}/setup?token=${'A'.repeat(43)}`, `${ISSUER}/setup`, `${ISSUER}/setup?token=<b>`, old]) {
      const res = await app.request(url)
      expect(res.status, url).toBe(404)
      const text = await res.text()
      expect(text).toContain(DEAD)
      expect(text).not.toMatch(/<form|Error:|at \//)
    }
    expect((await app.request(current)).status).toBe(200)
  })

  it('answers 410 once an operator exists, made another way', async () => {
    const link = await newSetupLink(db, ISSUER)
    await createUser(db, { email: 'ops@example.com', name: 'Ops', password: PASSWORD, svcMaster: true })
    const res = await app.request(link)
    expect(res.status).toBe(410)
    expect(await res.text()).toContain(DEAD)
  })

  it('holds back an address that tries many wrong links, with Retry-After', async () => {
    const link = await newSetupLink(db, ISSUER)
    // One failure past the free ones, and the next attempt waits.
    for (let guess = 0; guess < FREE_FAILURES.address + 1; guess++)
      expect((await app.request(`${ISSUER}/setup?token=${String(guess).padStart(43, 'x')}`)).status).toBe(404)
    const held = await app.request(link)
    expect(held.status).toBe(429)
    expect(Number(held.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await held.text()).toContain('Too many setup links that do not work were tried from your address.')
  })

  it('refuses a form without the page’s CSRF token', async () => {
    const link = await newSetupLink(db, ISSUER)
    const res = await app.request(`${ISSUER}/setup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: new URL(link).searchParams.get('token')!,
        name: 'Ops',
        email: 'ops@example.com',
        password: PASSWORD,
      }).toString(),
    })
    expect(res.status).toBe(403)
    expect(await res.text()).toContain('The form expired or did not come from this site.')
    expect(await operators()).toEqual([])
  })
})
