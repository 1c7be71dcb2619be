/**
 * @module What the attack tests share: signing in on `/login` as a script
 * would, one form a request, and an authorization URL for the fixture's
 * confidential client.
 */
import { formFields, type IdentityFixture, ScriptedBrowser, CALLBACK } from './identity-fixture.js'

/**
 * Submits one e-mail and password on `/login` from `browser` (fetching the
 * form, and so its CSRF cookie, first when the browser has none).
 *
 * @example
 * const res = await signInOnce(idp, new ScriptedBrowser(), 'ada@example.com', 'guess')
 */
export async function signInOnce(idp: IdentityFixture, browser: ScriptedBrowser, email: string, password: string): Promise<Response> {
  const form = formFields(await (await browser.request(`${idp.issuer}/login`)).text())
  return browser.request(`${idp.issuer}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form, email, password }).toString(),
  })
}

/**
 * An authorization request of the fixture's confidential client.
 *
 * @example
 * const callback = await browser.authorize(authorizeUrl(idp, { prompt: 'login' }))
 */
export function authorizeUrl(idp: IdentityFixture, parameters: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    client_id: idp.confidential.clientId,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'openid offline_access',
    state: 'st',
    ...parameters,
  })
  return `${idp.issuer}/oidc/authorize?${query}`
}
