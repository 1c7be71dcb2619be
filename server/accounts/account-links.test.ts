import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CALLBACK, type IdentityFixture, identityFixture, ScriptedBrowser, USER } from '../testing/identity-fixture.js'
import { webhookOutbox } from '../webhooks/outbox.js'
import { addExternalProvider, linkAccount, linksOf, unlinkAccount, userLinkedTo } from './account-links.js'
import { claimsFor, createUser } from './users.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

const provider = () =>
  addExternalProvider(idp.db, {
    slug: 'partner-id',
    name: 'Partner ID',
    issuer: 'https://id.partner.example/',
    clientId: 'c',
    clientSecret: 's',
  })
const ada = () => idp.db.selectFrom('users').selectAll().where('email', '=', USER.email).executeTakeFirstOrThrow()

describe('account links', () => {
  it('links and unlinks, keeping svc.links current and telling the clients the user uses', async () => {
    // Ada uses the Shop: she consented to it.
    await new ScriptedBrowser().authorize(
      `${idp.issuer}/oidc/authorize?${new URLSearchParams({ client_id: idp.confidential.clientId, redirect_uri: CALLBACK, response_type: 'code', scope: 'openid' })}`,
    )
    const partner = await provider()
    expect(partner.issuer).toBe('https://id.partner.example')
    await linkAccount(idp.db, webhookOutbox(), await ada(), partner, { sub: 'ext-1', email: 'ada@partner.example' })
    expect(claimsFor(await ada(), ['openid', 'svc.access'])['svc.links']).toEqual(['partner-id'])
    expect((await userLinkedTo(idp.db, partner, 'ext-1'))?.email).toBe(USER.email)
    expect(await linksOf(idp.db, (await ada()).id)).toMatchObject([{ slug: 'partner-id', email: 'ada@partner.example' }])
    const linked = (await idp.events()).at(-1)!
    expect(linked).toMatchObject({
      name: 'account.linked',
      client: idp.confidential.clientId,
      data: { account: idp.sub, provider: 'partner-id' },
    })

    // One external account is one svc account, and one provider links once.
    const bob = await createUser(idp.db, { email: 'bob@example.com', name: 'Bob', password: 'bob password' })
    await expect(linkAccount(idp.db, webhookOutbox(), bob, partner, { sub: 'ext-1' })).rejects.toThrow('linked to another svc account')
    await expect(linkAccount(idp.db, webhookOutbox(), await ada(), partner, { sub: 'ext-2' })).rejects.toThrow(
      'linked to Partner ID already',
    )

    await unlinkAccount(idp.db, webhookOutbox(), await ada(), partner)
    expect(claimsFor(await ada(), ['openid', 'svc.access'])['svc.links']).toEqual([])
    expect(await userLinkedTo(idp.db, partner, 'ext-1')).toBeUndefined()
    expect((await idp.events()).at(-1)!.name).toBe('account.unlinked')
    await expect(unlinkAccount(idp.db, webhookOutbox(), await ada(), partner)).rejects.toThrow('not linked')
  })

  it('refuses a provider with a bad slug, issuer or a name taken', async () => {
    await provider()
    await expect(provider()).rejects.toThrow('exists already')
    await expect(
      addExternalProvider(idp.db, { slug: 'Bad Slug', name: 'x', issuer: 'https://x', clientId: 'c', clientSecret: 's' }),
    ).rejects.toThrow('slug')
    await expect(
      addExternalProvider(idp.db, { slug: 'ok', name: 'x', issuer: 'ftp://x', clientId: 'c', clientSecret: 's' }),
    ).rejects.toThrow('issuer')
  })

  it('answers an external callback it did not start, or a provider it does not know, with a page, never a redirect', async () => {
    const stray = await fetch(`${idp.issuer}/oidc/external-callback?code=x&state=y`, { redirect: 'manual' })
    expect(stray.status).toBe(400)
    expect(await stray.text()).toContain('This sign-in was not started from this browser')
    expect((await fetch(`${idp.issuer}/oidc/external/nobody?return=/oidc/authorize?x=1`, { redirect: 'manual' })).status).toBe(400)
    await provider()
    const open = await fetch(`${idp.issuer}/oidc/external/partner-id?return=https://evil.example/`, { redirect: 'manual' })
    expect(open.status).toBe(400)
  })
})
