import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_EVENT_NAMES } from '../accounts/account-events.js'
import { addExternalProvider, linkAccount, unlinkAccount } from '../accounts/account-links.js'
import { revokeConsent } from '../account-changes/revoke-consent.js'
import { cliActor } from '../audit/audit-events.js'
import { clientByClientId } from '../clients/clients.js'
import { deleteAccount } from '../console/account-deletion.js'
import { CALLBACK, type IdentityFixture, identityFixture, pkcePair, ScriptedBrowser, USER } from '../testing/identity-fixture.js'
import { type Receiver, startReceiver } from '../testing/webhook-receiver.js'
import { webhookEnvelopeSchema } from './event-catalogue.js'
import { addWebhookEndpoint } from './endpoints.js'
import { pingWebhook } from './webhook-ping.js'
import { webhookWorker } from './worker.js'

let idp: IdentityFixture
let receiver: Receiver
beforeEach(async () => {
  idp = await identityFixture()
  receiver = await startReceiver()
})
afterEach(async () => {
  await receiver.close()
  await idp.close()
})

/** An Ajv (draft 2020-12, formats checked) holding every schema svc serves, fetched over HTTP as a receiver would. */
async function servedSchemas(): Promise<Ajv2020> {
  const index = (await (await fetch(`${idp.issuer}/webhooks/schemas`)).json()) as { events: { event: string; schema: string }[] }
  const ajv = new Ajv2020({ strict: true, allErrors: true })
  addFormats.default(ajv)
  for (const { schema } of index.events) {
    const res = await fetch(schema)
    expect(res.headers.get('Content-Type')).toBe('application/schema+json')
    ajv.addSchema((await res.json()) as object)
  }
  return ajv
}

/** Runs what a user, the client and an operator do that makes svc send each of its events. */
async function everyEventHappens(): Promise<void> {
  const client = (await clientByClientId(idp.db, idp.confidential.clientId))!
  const events = idp.bff.provider.events
  const ada = () => idp.db.selectFrom('users').selectAll().where('email', '=', USER.email).executeTakeFirstOrThrow()
  // Signs in and consents (account.consent_granted, account.signed_in), then redeems the code.
  const browser = new ScriptedBrowser({ 'User-Agent': 'catalogue-test/1.0' })
  const { verifier, challenge } = pkcePair()
  const callback = await browser.authorize(
    `${idp.issuer}/oidc/authorize?${new URLSearchParams({ client_id: client.client_id, redirect_uri: CALLBACK, response_type: 'code', scope: 'openid offline_access', code_challenge: challenge, code_challenge_method: 'S256' })}`,
  )
  const basic = `Basic ${Buffer.from(`${idp.confidential.clientId}:${idp.confidential.clientSecret}`).toString('base64')}`
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
  const token = await fetch(
    `${idp.issuer}/oidc/token`,
    form({ grant_type: 'authorization_code', code: callback.searchParams.get('code')!, redirect_uri: CALLBACK, code_verifier: verifier }),
  )
  const tokens = (await token.json()) as { refresh_token: string; id_token: string }
  expect(token.status).toBe(200)
  // The client revokes its refresh token (tokens.revoked), then the user signs out through it (account.signed_out).
  expect((await fetch(`${idp.issuer}/oidc/revoke`, form({ token: tokens.refresh_token }))).status).toBe(200)
  const logout = await browser.request(`${idp.issuer}/oidc/logout?${new URLSearchParams({ id_token_hint: tokens.id_token })}`)
  expect(logout.status).toBeLessThan(400)
  // An external provider linked and unlinked (account.linked, account.unlinked).
  const partner = await addExternalProvider(idp.db, {
    slug: 'partner-id',
    name: 'Partner',
    issuer: 'https://id.partner.example',
    clientId: 'c',
    clientSecret: 's',
  })
  await linkAccount(idp.db, events, await ada(), partner, { sub: 'ext-1', email: 'ada@partner.example' })
  await unlinkAccount(idp.db, events, await ada(), partner)
  await revokeConsent(idp.db, events, await ada(), client)
  await pingWebhook(idp.db, events, client, cliActor())
  await deleteAccount(idp.db, events, await ada())
}

describe('the webhook event catalogue', () => {
  it('describes every event svc sends: each body a real receiver gets validates against its served schema', async () => {
    const client = (await clientByClientId(idp.db, idp.confidential.clientId))!
    await addWebhookEndpoint(idp.db, { clientId: client.id, url: receiver.url, events: ['*'] })
    await everyEventHappens()
    await webhookWorker({ db: idp.db, allowPrivate: true }).runOnce()

    const ajv = await servedSchemas()
    const bodies = receiver.received.map(({ body }) => JSON.parse(body) as { event: string })
    expect(new Set(bodies.map((body) => body.event))).toEqual(new Set(ACCOUNT_EVENT_NAMES))
    for (const body of bodies) {
      const validate = ajv.getSchema(`${idp.issuer}/webhooks/schemas/${body.event}`)!
      expect(validate(body), `${body.event}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`).toBe(true)
    }
  })

  it('refuses what svc does not send: a field missing, one too many, a wrong type', async () => {
    const ajv = await servedSchemas()
    const validate = ajv.getSchema(`${idp.issuer}/webhooks/schemas/tokens.revoked`)!
    const body = {
      id: `evt_${'0'.repeat(32)}`,
      event: 'tokens.revoked',
      created_at: '2026-11-27T12:00:00.000Z',
      client_id: idp.confidential.clientId,
      data: { account: idp.sub, tokens: 2, reason: 'signed out' },
    }
    expect(validate(body)).toBe(true)
    expect(webhookEnvelopeSchema('tokens.revoked').safeParse(body).success).toBe(true)
    expect(validate({ ...body, data: { account: idp.sub, tokens: 2 } })).toBe(false)
    expect(validate({ ...body, data: { ...body.data, extra: 1 } })).toBe(false)
    expect(validate({ ...body, data: { ...body.data, tokens: '2' } })).toBe(false)
    expect(validate({ ...body, event: 'ping' })).toBe(false)
    expect(validate({ ...body, created_at: 'yesterday' })).toBe(false)
  })
})
