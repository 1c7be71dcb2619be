/**
 * Issue 24, item 7: an attacker writes svc's mails. The name typed at
 * sign-up (a URL, a sentence) went verbatim into the confirmation mail
 * sent to whatever address was typed, so svc mailed a stranger the
 * attacker's words from its own domain; and invitation names took line
 * breaks. Mails to an address not yet proven now greet "Hello," without a
 * name, and every path that sets a name refuses control characters (line
 * breaks and tabs included) and text-direction overrides.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { createUser } from '../accounts/users.js'
import { createOrganisation } from '../orgs/organisations.js'
import { runCliOn } from '../testing/cli-runner.js'
import { consoleUser } from '../testing/console-user.js'
import { type IdentityFixture, identityFixture, ScriptedBrowser } from '../testing/identity-fixture.js'

const BAIT = 'Your prize is waiting at https://evil.example/claim'
const VICTIM = 'victim@mail.example'
const PASSWORD = 'violet kettle harbour lamp'

let idp: IdentityFixture | undefined
afterEach(() => idp?.close())

const mailsTo = (email: string) =>
  idp!.db.selectFrom('mail_outbox').select(['subject', 'text', 'html']).where('recipient', '=', email).orderBy('id').execute()

async function signUp(browser: ScriptedBrowser, name: string, email: string): Promise<Response> {
  const page = await (await browser.request(`${idp!.issuer}/signup`)).text()
  return browser.submit(`${idp!.issuer}/signup`, page, { name, email, password: PASSWORD })
}

it('greets a stranger generically in the confirmation mail, whatever name was typed', async () => {
  idp = await identityFixture()
  expect((await signUp(new ScriptedBrowser(), BAIT, VICTIM)).status).toBe(200)
  const [mail] = await mailsTo(VICTIM)
  expect(mail!.text).toMatch(/^Hello,\n/)
  expect(`${mail!.subject} ${mail!.text} ${mail!.html}`).not.toContain('evil.example')
})

it('greets generically in a password reset to an address its account never confirmed', async () => {
  idp = await identityFixture()
  await signUp(new ScriptedBrowser(), BAIT, VICTIM)
  const browser = new ScriptedBrowser()
  const page = await (await browser.request(`${idp.issuer}/forgot-password`)).text()
  expect((await browser.submit(`${idp.issuer}/forgot-password`, page, { email: VICTIM })).status).toBe(200)
  await expect.poll(async () => (await mailsTo(VICTIM)).length).toBe(2)
  const reset = (await mailsTo(VICTIM))[1]!
  expect(reset.subject).toBe('Reset your svc password')
  expect(reset.text).not.toContain('evil.example')
})

it("greets an invited person generically: the name the inviter typed is not the invitee's", async () => {
  idp = await identityFixture({ signup: 'closed' })
  const organisation = await createOrganisation(idp.db, { name: 'Shop' })
  const admin = await consoleUser(idp, { svcApp: organisation.code, svcRole: 'admin' })
  expect((await admin.api('POST', '/people', { email: VICTIM, name: BAIT, role: 'marketer' })).status).toBe(201)
  const [mail] = await mailsTo(VICTIM)
  expect(mail!.text).toMatch(/^Hello,\n\nConsole User invited you to svc as marketer in Shop\./)
  expect(mail!.text).not.toContain('evil.example')
})

it('refuses a name with a line break, a tab or a direction override on every path that sets one', async () => {
  idp = await identityFixture({ signup: 'closed' })
  const organisation = await createOrganisation(idp.db, { name: 'Shop' })
  const admin = await consoleUser(idp, { svcApp: organisation.code, svcRole: 'admin' }, '/console/account')
  for (const name of [
    'Grace\nVisit https://evil.example',
    'Grace\r\nHopper',
    'Grace\tHopper',
    'Grace \u202Eelgoog',
    'Grace\u2028Hopper',
    'Grace\u2029Hopper',
  ]) {
    const invited = await admin.api('POST', '/people', { email: 'grace@example.com', name, role: 'marketer' })
    expect([invited.status, Object.keys((await invited.json()).errors ?? {})]).toEqual([422, ['name']])
    const profile = await admin.api('PUT', '/account/profile', { name })
    expect([profile.status, Object.keys((await profile.json()).errors ?? {})]).toEqual([422, ['name']])
    await expect(createUser(idp.db, { email: 'grace@example.com', name, password: PASSWORD })).rejects.toThrow(
      'name must be 1 to 200 characters on one line',
    )
  }
  expect(await mailsTo('grace@example.com')).toEqual([])
  expect(await idp.db.selectFrom('users').select('name').where('email', '=', 'grace@example.com').execute()).toEqual([])
})

it('refuses such a name at sign-up and from the command line', async () => {
  idp = await identityFixture()
  const refused = await signUp(new ScriptedBrowser(), 'Grace \u202Eelgoog', 'grace@example.com')
  expect(refused.status).toBe(400)
  expect(await refused.text()).toContain('Use at most 200 characters, on one line.')
  const dbPath = join(mkdtempSync(join(tmpdir(), 'svc-names-')), 'svc.db')
  for (const command of [['create', '--password', PASSWORD], ['invite']]) {
    const result = await runCliOn(dbPath, ['user', ...command, '--email', 'grace@example.com', '--name', 'Grace\nHopper'])
    expect(result.exitCode).not.toBe(0)
    expect(result.stderr).toContain('name must be 1 to 200 characters on one line')
  }
})
