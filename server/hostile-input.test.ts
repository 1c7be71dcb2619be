/**
 * Requests a probe of the running server found answered with a 500 (or a
 * logged server error), each kept here so that it stays a clear refusal.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createOrganisation } from './orgs/organisations.js'
import { type ConsoleUser, consoleUser } from './testing/console-user.js'
import { type IdentityFixture, identityFixture } from './testing/identity-fixture.js'

let idp: IdentityFixture
let marketer: ConsoleUser
let errorLines: string[]

beforeAll(async () => {
  idp = await identityFixture()
  const organisation = await createOrganisation(idp.db, { name: 'Hostile Input' })
  marketer = await consoleUser(idp, { svcApp: organisation.code, svcAccess: ['Ads:Edit'] })
})
afterAll(() => idp.close())

// Every answer below must be a refusal, and the server must not log it as its own fault.
beforeAll(() => {
  const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => {
    for (const one of String(line).split('\n')) if (one.includes('"level":"error"')) errorLines.push(one)
  })
  return () => spy.mockRestore()
})
const refused = (res: Response, status = 400) => {
  expect(res.status, `status of ${res.url}`).toBe(status)
  expect(errorLines).toEqual([])
}
beforeEach(() => void (errorLines = []))

const forgedSignature = `eyJ4IjoxfQ.${'a'.repeat(42)}%C3%A9`

describe('hostile input gets a clear refusal', () => {
  it.each([
    ['/oidc/external-callback?code=x&state=y', 'svc_external'],
    ['/console/callback?code=x&state=y', 'svc_console_login'],
    ['/console/linked?code=x&state=y', 'svc_console_link'],
  ])('a signed cookie whose forged signature has non-ASCII bytes, at %s', async (path, cookie) => {
    const res = await fetch(`${idp.issuer}${path}`, { headers: { Cookie: `${cookie}=${forgedSignature}` }, redirect: 'manual' })
    expect(res.status).toBeLessThan(500)
    expect(errorLines).toEqual([])
  })

  it('a console sign-out whose CSRF value has the right length but more bytes', async () => {
    const res = await marketer.browser.request(`${idp.issuer}/console/logout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `csrf=${'a'.repeat(marketer.me.csrf.length - 1)}%C3%A9`,
    })
    refused(res)
  })

  it('a console sign-out with a malformed multipart body', async () => {
    const res = await marketer.browser.request(`${idp.issuer}/console/logout`, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
      body: 'garbage',
    })
    refused(res)
  })

  it.each(['constructor', '__proto__', 'toString'])('an ad with a field named %s', async (name) => {
    const body = JSON.parse(`{"title":"T","display":"Home","${name}":1}`)
    for (const [method, path] of [
      ['POST', '/ads'],
      ['POST', '/ads/preview'],
    ] as const) {
      const res = await marketer.api(method, path, body)
      refused(res, 422)
      expect((await res.json()).errors).toEqual({ [name]: `unknown field ${name}` })
    }
  })

  it.each(['constructor', '__proto__', 'toString'])('the FedCM error page for code=%s', async (code) => {
    const res = await fetch(`${idp.issuer}/fedcm/error?code=${code}`)
    refused(res)
    expect(await res.text()).toContain('Something went wrong.')
  })

  it('a One Tap form over its size limit', async () => {
    const res = await fetch(`${idp.issuer}/oidc/onetap`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'x'.repeat(20_000),
    })
    refused(res)
  })

  it.each([
    ['POST', '/oidc/token', 'grant_type=refresh_token&refresh_token=x&client_id=%00'],
    ['POST', '/oidc/revoke', 'token=x&client_id=a%00b'],
    ['GET', '/oidc/authorize?client_id=%00&response_type=code', undefined],
    ['GET', '/oidc/logout?client_id=%00', undefined],
    ['POST', '/oidc/authorize/login', 'email=a%00@b.example&password=x'],
  ])('a NUL character in %s %s (PostgreSQL cannot store it; SQLite finds nothing)', async (method, path, body) => {
    const res = await fetch(`${idp.issuer}${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
      redirect: 'manual',
    })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect(errorLines).toEqual([])
  })

  it('a sign-out form of many megabytes, which no one needs to be signed in to send', async () => {
    const res = await fetch(`${idp.issuer}/oidc/logout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'x'.repeat(3 * 1024 * 1024),
    })
    refused(res, 413)
  })
})
