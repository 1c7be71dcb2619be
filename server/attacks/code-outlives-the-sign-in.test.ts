/**
 * Attack: an authorization code issued a moment before a password reset,
 * a password change, a sign-out or "Disconnect" was still redeemable
 * afterwards for a fresh 90-day refresh token (after "Disconnect" not
 * even listed on the account page). A code must end with the sign-in or
 * consent it came from: spent when they end, and refused at redemption
 * when its session has ended.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { issueAccountToken } from '../accounts/account-tokens.js'
import { userBySub } from '../accounts/users.js'
import { changePassword } from '../account-changes/account-page-changes.js'
import { revokeConsent } from '../account-changes/revoke-consent.js'
import { clientByClientId } from '../clients/clients.js'
import { authorizeUrl } from '../testing/attacks.js'
import { CALLBACK, type IdentityFixture, identityFixture, ScriptedBrowser } from '../testing/identity-fixture.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

/** Signs in and consents in a fresh browser; the code the client got, and the browser. */
async function freshCode(): Promise<{ code: string; browser: ScriptedBrowser }> {
  const browser = new ScriptedBrowser()
  const callback = await browser.authorize(authorizeUrl(idp))
  const code = callback.searchParams.get('code')
  expect(code).toBeTruthy()
  return { code: code!, browser }
}

async function redeem(code: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${idp.issuer}/oidc/token`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `Basic ${Buffer.from(`${idp.confidential.clientId}:${idp.confidential.clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK }).toString(),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

async function resetPasswordByMail(password: string): Promise<void> {
  const user = (await userBySub(idp.db, idp.sub))!
  const token = await issueAccountToken(idp.db, { userId: user.id, purpose: 'reset_password', continueTo: null, now: new Date() })
  const mailbox = new ScriptedBrowser()
  const page = await (await mailbox.request(`${idp.issuer}/reset-password?token=${token}`)).text()
  expect((await mailbox.submit(`${idp.issuer}/reset-password`, page, { password })).status).toBeLessThan(400)
}

describe('a code issued just before the sign-in ends', () => {
  it('is refused after a password reset', async () => {
    const { code } = await freshCode()
    await resetPasswordByMail('a brand new password here')
    expect(await redeem(code)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
  })

  it('is refused after the password is changed in another session', async () => {
    const { code } = await freshCode()
    const user = (await userBySub(idp.db, idp.sub))!
    const other = await new ScriptedBrowser().authorize(authorizeUrl(idp))
    expect(other.searchParams.get('code')).toBeTruthy()
    const otherSession = await idp.db.selectFrom('sessions').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
    await changePassword(idp.bff.provider, idp.bff.provider.events, user, 'a brand new password here', otherSession.id)
    expect(await redeem(code)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
  })

  it('is refused after the person signs out', async () => {
    const { code, browser } = await freshCode()
    const logout = await browser.request(`${idp.issuer}/oidc/logout?client_id=${idp.confidential.clientId}`)
    const page = await logout.text()
    // The sign-out page asks before it signs out; say yes if it does.
    if (page.includes('<form')) await browser.submit(`${idp.issuer}/oidc/logout`, page, {})
    const ended = await idp.db.selectFrom('sessions').select('ended_at').executeTakeFirstOrThrow()
    expect(ended.ended_at).not.toBeNull()
    expect(await redeem(code)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
  })

  it('is refused after "Disconnect" revokes the consent', async () => {
    const { code } = await freshCode()
    const user = (await userBySub(idp.db, idp.sub))!
    const client = (await clientByClientId(idp.db, idp.confidential.clientId))!
    await revokeConsent(idp.db, idp.bff.provider.events, user, client)
    expect(await redeem(code)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
  })

  it('is refused when its session ended by any other way (another replica, the database), though the code was never spent', async () => {
    const { code } = await freshCode()
    await idp.db.updateTable('sessions').set({ ended_at: new Date().toISOString() }).execute()
    expect(await redeem(code)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
  })

  it('is still redeemed when nothing ended it', async () => {
    const { code } = await freshCode()
    const answer = await redeem(code)
    expect(answer.status).toBe(200)
    expect(answer.body.refresh_token).toBeTruthy()
  })
})
