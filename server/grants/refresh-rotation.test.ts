import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientByClientId } from '../clients/clients.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'
import { issueTokens } from './tokens.js'

let idp: IdentityFixture
let basic: string

beforeAll(async () => {
  idp = await identityFixture()
  basic = `Basic ${Buffer.from(`${idp.confidential.clientId}:${idp.confidential.clientSecret}`).toString('base64')}`
})
afterAll(() => idp.close())

async function newChain(): Promise<string> {
  const client = (await clientByClientId(idp.db, idp.confidential.clientId))!
  const user = await idp.db.selectFrom('users').selectAll().where('sub', '=', idp.sub).executeTakeFirstOrThrow()
  const issued = await issueTokens(idp.bff.provider, {
    client,
    user,
    scopes: ['openid', 'email', 'offline_access'],
    grantId: `grt_${Math.random()}`,
    authTime: 1,
    sessionId: null,
    grantExpiresAt: new Date(Date.now() + 3600_000),
    withIdToken: false,
  })
  return issued.refresh_token!
}

// Over the socket, as relying parties' servers call: the node:http fast path.
async function refresh(refreshToken: string): Promise<{ status: number; body: Record<string, string> }> {
  const res = await fetch(`${idp.issuer}/oidc/token`, {
    method: 'POST',
    headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `grant_type=refresh_token&refresh_token=${refreshToken}`,
  })
  return { status: res.status, body: (await res.json()) as Record<string, string> }
}

describe('refresh token rotation', () => {
  it('lets exactly one of two uses of one refresh token at once win, and revokes the chain', async () => {
    const token = await newChain()
    const answers = await Promise.all([refresh(token), refresh(token)])
    const winners = answers.filter((answer) => answer.status === 200)
    expect(winners).toHaveLength(1)
    const loser = answers.find((answer) => answer.status !== 200)!
    expect(loser).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
    // The reuse revoked the whole chain: the winner's successor is refused too.
    expect(await refresh(winners[0]!.body.refresh_token!)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
  })

  it('rotates many chains arriving together, each once, each successor usable', async () => {
    const tokens = await Promise.all(Array.from({ length: 30 }, () => newChain()))
    const first = await Promise.all(tokens.map(refresh))
    expect(first.map((answer) => answer.status)).toEqual(tokens.map(() => 200))
    const second = await Promise.all(first.map((answer) => refresh(answer.body.refresh_token!)))
    expect(second.map((answer) => answer.status)).toEqual(tokens.map(() => 200))
    // The rotated-away tokens are retired: presenting one again is refused.
    expect(await refresh(tokens[0]!)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
  })

  it('answers each of a batch for itself: a reused token among fresh ones fails alone', async () => {
    const used = await newChain()
    expect((await refresh(used)).status).toBe(200)
    const fresh = await Promise.all(Array.from({ length: 5 }, () => newChain()))
    const answers = await Promise.all([...fresh, used].map(refresh))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 400])
  })
})
