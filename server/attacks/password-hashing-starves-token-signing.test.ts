/**
 * Issue 13, finding 3: scrypt runs in Node's thread pool, which RS256
 * signing also uses, and every sign-in went straight to it; 400 sign-ins
 * raised the refresh grant's median from 10 ms to 1.2 s. Here the order of
 * answers shows it without timing anything: a refresh grant sent while a
 * flood of sign-ins is being checked must not wait for the flood's password
 * checks (before the fix it waited for about 30 of 60; now for at most the
 * few the queue lets run).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { PASSWORD_CONCURRENCY, PASSWORD_QUEUE } from '../accounts/passwords.js'
import { CALLBACK, formFields, type IdentityFixture, identityFixture, ScriptedBrowser } from '../testing/identity-fixture.js'
import { authorizeUrl } from '../testing/attacks.js'

let idp: IdentityFixture
afterEach(() => idp.close())

const FLOOD = 60

async function refreshToken(): Promise<string> {
  const code = (await new ScriptedBrowser().authorize(authorizeUrl(idp))).searchParams.get('code')!
  const res = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK })
  return ((await res.json()) as { refresh_token: string }).refresh_token
}

function tokenRequest(form: Record<string, string>): Promise<Response> {
  const basic = Buffer.from(`${idp.confidential.clientId}:${idp.confidential.clientSecret}`).toString('base64')
  return fetch(`${idp.issuer}/oidc/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  })
}

describe('a sign-in flood does not starve token signing', () => {
  it('answers a refresh grant before the flood’s password checks, and turns the excess away with 503 and Retry-After', async () => {
    idp = await identityFixture()
    const refresh_token = await refreshToken()
    const browser = new ScriptedBrowser()
    const form = formFields(await (await browser.request(`${idp.issuer}/login`)).text())
    const answers: { status: number; retryAfter: string | null; page: string }[] = []
    const checked = () => answers.filter((answer) => answer.status === 401).length
    let received = 0
    idp.server.on('request', (req) => void (req.url === '/login' && req.method === 'POST' && received++))
    const flood = Array.from({ length: FLOOD }, (_, i) =>
      browser
        .request(`${idp.issuer}/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ ...form, email: `flood${i}@example.com`, password: 'guess' }).toString(),
        })
        .then(async (res) => answers.push({ status: res.status, retryAfter: res.headers.get('Retry-After'), page: await res.text() })),
    )
    // Once the server has the whole flood (and a moment to start on it), a relying party refreshes.
    await expect.poll(() => received, { interval: 5, timeout: 10_000 }).toBe(FLOOD)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const checkedBefore = checked()
    const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token })
    const waitedFor = checked() - checkedBefore
    expect(refreshed.status).toBe(200)
    await Promise.all(flood)

    // Without the queue the grant's signing waited behind every password check the flood had started.
    expect(waitedFor, 'password checks answered while the refresh grant was being answered').toBeLessThanOrEqual(
      PASSWORD_CONCURRENCY + PASSWORD_QUEUE,
    )
    const busy = answers.filter((answer) => answer.status === 503)
    expect(busy.length).toBeGreaterThan(0)
    expect(busy[0]!.retryAfter).toMatch(/^[1-9]\d*$/)
    expect(busy[0]!.page).toContain('svc is checking too many sign-ins at this moment. Nothing was lost: try again in a few seconds.')
    expect(busy[0]!.page).toContain('value="flood') // the e-mail typed is still in the form
    expect(answers.every((answer) => [401, 429, 503].includes(answer.status))).toBe(true)
  })
})
