import { createRemoteJWKSet, decodeJwt, type JWTPayload, jwtVerify } from 'jose'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { issueAccountToken } from '../accounts/account-tokens.js'
import { userBySub } from '../accounts/users.js'
import { disableAccount } from '../account-changes/account-disabling.js'
import { setNewPassword } from '../account-changes/password-reset.js'
import { signPersonOutEverywhere } from '../account-changes/people-management.js'
import { signOutOtherSessions, signOutSession } from '../account-changes/session-sign-out.js'
import { cliActor } from '../audit/audit-events.js'
import { createClient } from '../clients/clients.js'
import { deleteAccount } from '../console/account-deletion.js'
import { CALLBACK, type IdentityFixture, identityFixture, pkcePair, ScriptedBrowser, USER } from '../testing/identity-fixture.js'
import { type Receiver, startReceiver } from '../testing/webhook-receiver.js'
import { BACKCHANNEL_LOGOUT_EVENT_URI } from './backchannel-logout.js'
import { listDeliveries } from './deliveries.js'
import { webhookWorker } from './worker.js'

let idp: IdentityFixture
/** Receivers of three clients with a back-channel logout URI: the browser signs in to the first two only. */
let receivers: Receiver[]
let clients: { clientId: string; clientSecret: string }[]

beforeEach(async () => {
  idp = await identityFixture()
  receivers = [await startReceiver(), await startReceiver(), await startReceiver()]
  clients = []
  for (const [index, receiver] of receivers.entries()) {
    const created = await createClient(idp.db, {
      name: `Partner ${index + 1}`,
      redirectUris: [CALLBACK],
      backchannelLogoutUri: receiver.url,
      backchannelLogoutSessionRequired: index === 0,
    })
    clients.push({ clientId: created.clientId, clientSecret: created.clientSecret! })
  }
})

afterEach(async () => {
  for (const receiver of receivers) await receiver.close()
  await idp.close()
})

const user = async () => (await userBySub(idp.db, idp.sub))!
const worker = () =>
  webhookWorker({ db: idp.db, allowPrivate: true, logoutTokens: { issuer: idp.issuer, keys: idp.bff.provider.keys } }).runOnce()

/** Signs the browser in to a client by the code flow, as its server would, and returns the id_token. */
async function signIn(browser: ScriptedBrowser, { clientId, clientSecret }: { clientId: string; clientSecret: string }): Promise<string> {
  const { verifier, challenge } = pkcePair()
  const url = new URL(`${idp.issuer}/oidc/authorize`)
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: CALLBACK,
    scope: 'openid',
    state: 'st',
    nonce: 'n-0S6_WzA2Mj',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString()
  const callback = await browser.authorize(url)
  const res = await fetch(`${idp.issuer}/oidc/token`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: CALLBACK,
      code_verifier: verifier,
    }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { id_token: string }).id_token
}

/**
 * The logout tokens a receiver took, each checked by Back-Channel Logout
 * 1.0 §2.6 as a relying party would: a form POST, the signature against
 * svc's published key set, iss, aud, iat, typ, the events member, sub and
 * sid, no nonce.
 */
async function logoutTokens(receiver: Receiver, clientId: string): Promise<JWTPayload[]> {
  const jwks = createRemoteJWKSet(new URL(`${idp.issuer}/.well-known/jwks.json`))
  const payloads: JWTPayload[] = []
  for (const { headers, body } of receiver.received) {
    expect(headers['content-type']).toBe('application/x-www-form-urlencoded')
    const form = new URLSearchParams(body)
    expect([...form.keys()]).toEqual(['logout_token'])
    const { payload, protectedHeader } = await jwtVerify(form.get('logout_token')!, jwks, {
      issuer: idp.issuer,
      audience: clientId,
      typ: 'logout+jwt',
      algorithms: ['RS256'],
      maxTokenAge: '2 minutes',
      requiredClaims: ['iat', 'exp', 'jti', 'sub', 'sid', 'events'],
    })
    expect(protectedHeader.typ).toBe('logout+jwt')
    expect(payload.events).toEqual({ [BACKCHANNEL_LOGOUT_EVENT_URI]: {} })
    expect(payload).not.toHaveProperty('nonce')
    expect(payload.sub).toBe(idp.sub)
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(120)
    payloads.push(payload)
  }
  return payloads
}

const sidOf = (idToken: string) => decodeJwt(idToken).sid as string
const sessionIdOf = async (sid: string) =>
  (await idp.db.selectFrom('sessions').select('id').where('sid', '=', sid).executeTakeFirstOrThrow()).id

describe('OpenID Connect Back-Channel Logout', () => {
  it('lists back-channel logout with sid in discovery', async () => {
    const discovery = (await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>
    expect(discovery.backchannel_logout_supported).toBe(true)
    expect(discovery.backchannel_logout_session_supported).toBe(true)
  })

  it('gives every client of one session the same unguessable sid, and a new session a new one', async () => {
    const browser = new ScriptedBrowser()
    const [first, second] = [await signIn(browser, clients[0]!), await signIn(browser, clients[1]!)]
    expect(sidOf(first)).toMatch(/^[\w-]{22,}$/)
    expect(sidOf(second)).toBe(sidOf(first))
    // Not the session's secret: the cookie's value is nowhere in it.
    for (const cookie of browser.cookies.values()) expect(cookie).not.toContain(sidOf(first))
    expect(sidOf(await signIn(new ScriptedBrowser(), clients[0]!))).not.toBe(sidOf(first))
  })

  it('RP-initiated logout sends a logout token to every client the session signed in to, and none to others', async () => {
    const browser = new ScriptedBrowser()
    const idToken = await signIn(browser, clients[0]!)
    await signIn(browser, clients[1]!)
    // The fixture's own client signs in too, but registered no back-channel logout URI.
    const own = await signIn(browser, idp.confidential)
    expect(sidOf(own)).toBe(sidOf(idToken))
    const res = await browser.request(`${idp.issuer}/oidc/logout?id_token_hint=${idToken}`)
    expect(res.status).toBe(200)
    expect(await worker()).toBe(2)
    const [[fromFirst], [fromSecond]] = [
      await logoutTokens(receivers[0]!, clients[0]!.clientId),
      await logoutTokens(receivers[1]!, clients[1]!.clientId),
    ]
    expect(fromFirst!.sid).toBe(sidOf(idToken))
    expect(fromSecond!.sid).toBe(sidOf(idToken))
    expect(fromFirst!.jti).not.toBe(fromSecond!.jti)
    // Partner 3 has a URI, but this session never signed in to it.
    expect(receivers[2]!.received).toEqual([])
    // In the delivery log beside webhooks.
    const log = await listDeliveries(idp.db)
    expect(log.map((delivery) => [delivery.event, delivery.state, delivery.url]).sort()).toEqual(
      [
        ['backchannel.logout', 'delivered', receivers[0]!.url],
        ['backchannel.logout', 'delivered', receivers[1]!.url],
      ].sort(),
    )
  })

  it('counts a FedCM sign-in (an id_token and no code) as signing the session in to that client', async () => {
    const browser = new ScriptedBrowser()
    const login = await (await browser.request(`${idp.issuer}/login`)).text()
    expect((await browser.submit(`${idp.issuer}/login`, login, { email: USER.email, password: USER.password })).status).toBe(200)
    const asserted = await browser.request(`${idp.issuer}/oidc/fedcm/assertion`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Dest': 'webidentity', Origin: new URL(CALLBACK).origin },
      body: new URLSearchParams({ client_id: clients[1]!.clientId, account_id: idp.sub, params: '{}' }).toString(),
    })
    expect(asserted.status).toBe(200)
    const { token } = (await asserted.json()) as { token: string }
    await browser.request(`${idp.issuer}/oidc/logout?id_token_hint=${token}`)
    expect(await worker()).toBe(1)
    expect((await logoutTokens(receivers[1]!, clients[1]!.clientId)).map((logout) => logout.sid)).toEqual([sidOf(token)])
  })

  it('signing one session out from the account page tells the clients of that session only', async () => {
    const [one, two] = [new ScriptedBrowser(), new ScriptedBrowser()]
    const ended = sidOf(await signIn(one, clients[0]!))
    await signIn(two, clients[0]!)
    expect(await signOutSession(idp.db, idp.bff.provider.events, cliActor(), await user(), await sessionIdOf(ended), new Date())).toBe(true)
    await worker()
    expect((await logoutTokens(receivers[0]!, clients[0]!.clientId)).map((token) => token.sid)).toEqual([ended])
  })

  it('signing the other sessions out from the account page spares the one in use', async () => {
    const [here, elsewhere] = [new ScriptedBrowser(), new ScriptedBrowser()]
    const kept = sidOf(await signIn(here, clients[0]!))
    const ended = sidOf(await signIn(elsewhere, clients[0]!))
    await signOutOtherSessions(idp.db, idp.bff.provider.events, cliActor(), await user(), await sessionIdOf(kept), new Date())
    await worker()
    expect((await logoutTokens(receivers[0]!, clients[0]!.clientId)).map((token) => token.sid)).toEqual([ended])
  })

  it('signing a person out everywhere (console and svc-bff user sign-out) tells the clients of every session', async () => {
    const sids = [sidOf(await signIn(new ScriptedBrowser(), clients[0]!)), sidOf(await signIn(new ScriptedBrowser(), clients[0]!))]
    const manager = { operator: true, organisation: undefined, actor: cliActor() }
    expect(await signPersonOutEverywhere(idp.db, idp.bff.provider.events, manager, await user(), new Date())).toBe(2)
    await worker()
    expect((await logoutTokens(receivers[0]!, clients[0]!.clientId)).map((token) => token.sid).sort()).toEqual([...sids].sort())
  })

  it('a password reset ends the sessions and tells their clients', async () => {
    const sid = sidOf(await signIn(new ScriptedBrowser(), clients[1]!))
    const now = new Date()
    const token = await issueAccountToken(idp.db, { userId: (await user()).id, purpose: 'reset_password', continueTo: null, now })
    expect(await setNewPassword(idp.bff.provider, idp.bff.provider.events, token, 'violet kettle harbour lamp')).toBeDefined()
    await worker()
    expect((await logoutTokens(receivers[1]!, clients[1]!.clientId)).map((token) => token.sid)).toEqual([sid])
  })

  it('deleting the account tells the clients of its sessions', async () => {
    const sid = sidOf(await signIn(new ScriptedBrowser(), clients[0]!))
    await deleteAccount(idp.db, idp.bff.provider.events, await user())
    await worker()
    expect((await logoutTokens(receivers[0]!, clients[0]!.clientId)).map((token) => token.sid)).toEqual([sid])
  })

  it('an administrator disabling the account tells the clients of its sessions', async () => {
    const sid = sidOf(await signIn(new ScriptedBrowser(), clients[0]!))
    await disableAccount(idp.db, idp.bff.provider.events, await user(), new Date())
    await worker()
    expect((await logoutTokens(receivers[0]!, clients[0]!.clientId)).map((token) => token.sid)).toEqual([sid])
  })

  it('retries a receiver that answered 500, with a token minted afresh for the attempt', async () => {
    const browser = new ScriptedBrowser()
    const idToken = await signIn(browser, clients[0]!)
    receivers[0]!.answer = 500
    await browser.request(`${idp.issuer}/oidc/logout?id_token_hint=${idToken}`)
    let time = Date.now()
    const run = webhookWorker({
      db: idp.db,
      allowPrivate: true,
      now: () => new Date(time),
      logoutTokens: { issuer: idp.issuer, keys: idp.bff.provider.keys },
    })
    expect(await run.runOnce()).toBe(1)
    expect((await listDeliveries(idp.db))[0]).toMatchObject({ state: 'pending', attempts: 1 })
    receivers[0]!.answer = 200
    time += 1000
    expect(await run.runOnce()).toBe(1)
    const [failed, taken] = receivers[0]!.received.map(({ body }) => decodeJwt(new URLSearchParams(body).get('logout_token')!))
    expect(taken!.sid).toBe(failed!.sid)
    expect(taken!.jti).not.toBe(failed!.jti)
    const [delivery] = await listDeliveries(idp.db)
    expect(delivery).toMatchObject({ event: 'backchannel.logout', state: 'delivered', attempts: 2 })
    expect(delivery!.attempt_log.map((attempt) => attempt.status_code)).toEqual([500, 200])
  })

  it('counts only 200 and 204 as taken', async () => {
    const browser = new ScriptedBrowser()
    const idToken = await signIn(browser, clients[0]!)
    receivers[0]!.answer = 202
    await browser.request(`${idp.issuer}/oidc/logout?id_token_hint=${idToken}`)
    await worker()
    const [delivery] = await listDeliveries(idp.db)
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1 })
    expect(delivery!.attempt_log[0]!.error).toContain('200 or 204')
  })
})
