import { describe, expect, it } from 'vitest'
import { claimsFor } from '../accounts/users.js'
import type { ClientRow, UserRow } from '../db/schema.js'
import { authenticationClaims } from './authentication-methods.js'
import { claimsTail, type IdTokenMoment, idTokenPayload } from './id-token-payload.js'

const client = { id: 1, client_id: 'cli_abc' } as ClientRow
const fullUser = {
  id: 7,
  sub: 'ACC0000000007',
  email: 'ada@example.com',
  email_verified: 1,
  name: 'Ada "the first" Lovelace',
  given_name: 'Ada',
  family_name: 'Lovelace',
  picture: 'https://img.example/ada.png',
  svc_app: 'console',
  svc_access: '["Ads:Write"]',
  svc_master: 0,
  svc_role: 'marketer',
  svc_links: '[{"provider":"google","subject":"g-1"}]',
} as UserRow
const bareUser = { ...fullUser, id: 8, given_name: null, family_name: null, picture: null, svc_app: null, svc_role: null } as UserRow

// The claims object signIdToken serialised before its parts were kept.
function claimsAsBefore(user: UserRow, scopes: string[], session: Record<string, unknown>, moment: IdTokenMoment) {
  const claims: Record<string, unknown> = {
    iss: 'https://id.example',
    aud: client.client_id,
    exp: moment.expiresAt,
    iat: moment.issuedAt,
    ...claimsFor(user, scopes),
    auth_time: moment.authTime,
    ...session,
  }
  if (moment.atHash !== undefined) claims.at_hash = moment.atHash
  if (moment.nonce !== undefined) claims.nonce = moment.nonce
  return JSON.stringify(claims)
}

describe("an id_token's payload text", () => {
  const scopeLists = [
    ['openid'],
    ['openid', 'profile', 'email', 'offline_access'],
    ['openid', 'email'],
    ['openid', 'svc.access', 'profile'],
  ]
  const sessions = [
    {},
    { ...authenticationClaims('["pwd"]'), sid: 'sid-1' },
    { ...authenticationClaims('["hwk","pwd"]') },
    { sid: 'only-sid' },
  ]
  const moments: IdTokenMoment[] = [
    { issuedAt: 1_767_607_200, expiresAt: 1_767_610_800, authTime: 1_767_600_000 },
    { issuedAt: 1_767_607_201, expiresAt: 1_767_610_801, authTime: 1_767_600_000, atHash: 'x4Q8f1aZ', nonce: 'n-"quoted"\u2028' },
  ]

  it('is byte for byte the JSON of the claims object it replaces, whatever the account, scopes, session and moment', () => {
    for (const user of [fullUser, bareUser])
      for (const scopes of scopeLists)
        for (const session of sessions)
          for (const moment of moments) {
            const text = idTokenPayload('https://id.example', client, user, scopes, claimsTail(session), moment)
            expect(text).toBe(claimsAsBefore(user, scopes, session, moment))
          }
  })

  it('follows a changed account, read as a new row, at once', () => {
    const scopes = ['openid', 'profile']
    const moment = moments[0]!
    expect(JSON.parse(idTokenPayload('https://id.example', client, fullUser, scopes, '', moment)).name).toBe(fullUser.name)
    const renamed = { ...fullUser, name: 'Ada King' }
    expect(JSON.parse(idTokenPayload('https://id.example', client, renamed, scopes, '', moment)).name).toBe('Ada King')
  })

  it('names the issuer it is asked for, not the first one it served', () => {
    const moment = moments[0]!
    expect(JSON.parse(idTokenPayload('https://a.example', client, fullUser, ['openid'], '', moment)).iss).toBe('https://a.example')
    expect(JSON.parse(idTokenPayload('https://b.example', client, fullUser, ['openid'], '', moment)).iss).toBe('https://b.example')
  })
})
