import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createUser, userBySub } from '../accounts/users.js'
import { createApp } from '../app.js'
import { type Publisher, publisherFixture } from '../testing/publisher.js'
import { createManagementToken } from './management-tokens-repository.js'
import { changesByTokens, type ManagementApiCall, managementApiCall, problem } from '../testing/management-api-requests.js'

let acme: Publisher
let other: Publisher
let app: ReturnType<typeof createApp>
/** A request to the app's management API (the app is made anew for each test). */
const call: ManagementApiCall = (path, secret, init) => managementApiCall(app)(path, secret, init)

beforeEach(async () => {
  acme = await publisherFixture(undefined, 'Acme')
  other = await publisherFixture(acme.db, 'Other')
  app = createApp({ db: acme.db })
})
afterEach(() => acme.db.destroy())

const token = async (scopes: string, organisationId: number | null = acme.organisation.id) =>
  (await createManagementToken(acme.db, { name: 'HR sync', organisationId, scopes, createdBy: 'cli:test' })).secret

const person = (email: string, fields: Record<string, unknown> = {}) =>
  createUser(acme.db, { email, name: email.split('@')[0]!, password: 'correct horse battery', emailVerified: true, ...fields })

const mailsTo = (recipient: string) => acme.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', recipient).execute()

describe('users: who may call', () => {
  it('answers 401 without a token, 403 without the users scope, and 403 to a reader that writes', async () => {
    expect((await call('/users', undefined)).status).toBe(401)
    const noScope = await call('/users', await token('ads:write'))
    expect(noScope.status).toBe(403)
    expect((await problem(noScope)).detail).toMatch(/lacks the scope users:read/)
    const reader = await token('users:read')
    expect((await call('/users', reader)).status).toBe(200)
    const refused = await call('/invitations', reader, { method: 'POST', body: JSON.stringify({ email: 'a@example.com', role: 'admin' }) })
    expect(refused.status).toBe(403)
    expect(refused.headers.get('WWW-Authenticate')).toMatch(/scope="users:write"/)
  })

  it("answers 404 for another organisation's user, whatever the verb, and lists only the token's own", async () => {
    const theirs = await person('theirs@example.com', { svcApp: other.organisation.code, svcRole: 'admin' })
    const mine = await person('mine@example.com', { svcApp: acme.organisation.code, svcRole: 'admin' })
    const writer = await token('users:write')
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['PATCH', '', '{"role":"marketer"}'],
      ['DELETE', '', undefined],
      ['POST', '/sign-out', undefined],
      ['POST', '/password-reset', undefined],
      ['POST', '/invitation', undefined],
    ] as const) {
      const res = await call(`/users/${theirs.sub}${path}`, writer, { method, ...(body ? { body } : {}) })
      expect(res.status, `${method} ${path}`).toBe(404)
      await problem(res)
    }
    expect((await call('/users/ACC0000000000', writer)).status).toBe(404)
    expect((await call(`/users?organisation=${other.organisation.code}`, writer)).status).toBe(404)
    const listed = await (await call('/users', writer)).json()
    expect(listed.data.map((user: { id: string }) => user.id)).toEqual([mine.sub])
    expect((await userBySub(acme.db, theirs.sub))?.svc_role).toBe('admin')
    // An operator-wide token reaches everyone.
    const operator = await token('users:read', null)
    const everyone = await (await call('/users', operator)).json()
    expect(everyone.data.map((user: { id: string }) => user.id)).toEqual([mine.sub, theirs.sub])
  })

  it("lets an organisation's token give only admin and marketer, never touch an operator, and an operator-wide token make a developer", async () => {
    const operatorHere = await person('op@example.com', { svcApp: acme.organisation.code, svcMaster: true })
    const marketer = await person('m@example.com', { svcApp: acme.organisation.code, svcAccess: ['Ads:Edit'] })
    const orgToken = await token('users:write')
    const developer = await call(`/users/${marketer.sub}`, orgToken, { method: 'PATCH', body: '{"role":"developer"}' })
    expect(developer.status).toBe(403)
    expect((await problem(developer)).errors).toEqual([
      { pointer: '#/role', detail: expect.stringMatching(/only an operator makes a developer/) },
    ])
    const makeOperator = await call(`/users/${marketer.sub}`, orgToken, { method: 'PATCH', body: '{"operator":true}' })
    expect(makeOperator.status).toBe(403)
    // An operator in the organisation is read, never changed, by its token.
    expect((await call(`/users/${operatorHere.sub}`, orgToken)).status).toBe(200)
    expect((await call(`/users/${operatorHere.sub}`, orgToken, { method: 'DELETE' })).status).toBe(403)
    const inviteDeveloper = await call('/invitations', orgToken, {
      method: 'POST',
      body: JSON.stringify({ email: 'dev@example.com', role: 'developer' }),
    })
    expect(inviteDeveloper.status).toBe(403)

    const operatorToken = await token('users:write', null)
    const made = await call(`/users/${marketer.sub}`, operatorToken, { method: 'PATCH', body: '{"role":"developer"}' })
    expect(made.status).toBe(200)
    expect(await made.json()).toMatchObject({ role: 'developer', operator: false })
    // The last operator who can sign in stays one.
    const last = await call(`/users/${operatorHere.sub}`, operatorToken, { method: 'PATCH', body: '{"operator":false}' })
    expect(last.status).toBe(409)
    expect((await problem(last)).detail).toMatch(/only operator who can sign in/)
  })

  it('changes the role and the disabled state together or not at all, with their audit rows', async () => {
    const onlyOperator = await person('op@example.com', { svcApp: acme.organisation.code, svcMaster: true, svcAccess: ['Ads:Edit'] })
    const operatorToken = await token('users:write', null)
    const before = await (await call(`/users/${onlyOperator.sub}`, operatorToken)).json()
    expect(before).toMatchObject({ role: 'marketer', operator: true, disabled: false })
    // The role may change, but the last operator who can sign in may not be disabled: the role change must not stay behind.
    const refused = await call(`/users/${onlyOperator.sub}`, operatorToken, { method: 'PATCH', body: '{"role":"admin","disabled":true}' })
    expect(refused.status).toBe(409)
    expect((await problem(refused)).detail).toMatch(/only operator who can sign in/)
    expect(await (await call(`/users/${onlyOperator.sub}`, operatorToken)).json()).toEqual(before)
    expect((await changesByTokens(acme.db)).events).toEqual([])

    const secondOperator = await person('op2@example.com', { svcMaster: true })
    const both = await call(`/users/${onlyOperator.sub}`, operatorToken, { method: 'PATCH', body: '{"role":"admin","disabled":true}' })
    expect(both.status).toBe(200)
    expect(await both.json()).toMatchObject({ role: 'admin', disabled: true })
    expect((await changesByTokens(acme.db)).events.map((event) => event.action)).toEqual(['person.disabled', 'person.role_changed'])
    expect(secondOperator.svc_master).toBe(1)
  })
})

describe('users: problem details for bad input, never a 500', () => {
  it('names each invalid field of an invitation, a change and a query', async () => {
    const writer = await token('users:write')
    const invalid = await call('/invitations', writer, {
      method: 'POST',
      body: JSON.stringify({ email: 'not an address', role: 'boss', language: 'xx', colour: 'red' }),
    })
    expect(invalid.status).toBe(422)
    expect((await problem(invalid)).errors).toEqual(
      expect.arrayContaining([
        { pointer: '#/email', detail: 'email must be an e-mail address' },
        { pointer: '#/role', detail: 'role must be admin, marketer, developer' },
        { pointer: '#/language', detail: 'language must be one of en, de, es, fr, it, nl, pt, pt-PT' },
        { pointer: '#/colour', detail: 'unknown field colour' },
      ]),
    )
    expect((await call('/invitations', writer, { method: 'POST', body: '{"email":' })).status).toBe(400)
    const taken = await person('taken@example.com', { svcApp: acme.organisation.code })
    const again = await call('/invitations', writer, { method: 'POST', body: JSON.stringify({ email: taken.email, role: 'admin' }) })
    expect(again.status).toBe(409)
    expect((await problem(again)).errors).toEqual([{ pointer: '#/email', detail: expect.stringMatching(/exists already/) }])

    const badChange = await call(`/users/${taken.sub}`, writer, {
      method: 'PATCH',
      body: '{"role":"owner","disabled":"yes","email":"x@example.com"}',
    })
    expect(badChange.status).toBe(422)
    expect((await problem(badChange)).errors).toEqual(
      expect.arrayContaining([
        { pointer: '#/role', detail: 'role must be admin, marketer, developer or none' },
        { pointer: '#/disabled', detail: 'disabled must be true or false' },
      ]),
    )
    const readOnly = await call(`/users/${taken.sub}`, writer, { method: 'PATCH', body: '{"email":"x@example.com"}' })
    expect(readOnly.status).toBe(422)
    expect((await problem(readOnly)).errors).toEqual([{ pointer: '#/email', detail: expect.stringMatching(/cannot be changed here/) }])

    const badQuery = await call(`/users?limit=500&cursor=nope&q=${'x'.repeat(300)}`, writer)
    expect(badQuery.status).toBe(400)
    expect((await problem(badQuery)).errors).toEqual(
      expect.arrayContaining([
        { parameter: 'limit', detail: 'limit must be an integer from 1 to 100' },
        { parameter: 'q', detail: 'q must be at most 200 characters' },
      ]),
    )
    expect((await problem(await call('/users?cursor=nope', writer))).errors).toEqual([{ parameter: 'cursor', detail: expect.any(String) }])
  })
})

describe('users: the People page through the API', () => {
  it('invites (the mail queued), lists the invited, changes the role, resends, and removes, each in the audit log', async () => {
    const writer = await token('users:write')
    const invited = await call('/invitations', writer, {
      method: 'POST',
      body: JSON.stringify({ email: 'Grace@Example.com', name: 'Grace Hopper', role: 'marketer', language: 'de' }),
    })
    expect(invited.status).toBe(201)
    const grace = await invited.json()
    expect(grace).toMatchObject({
      email: 'grace@example.com',
      name: 'Grace Hopper',
      role: 'marketer',
      operator: false,
      organisation: acme.organisation.code,
      state: 'invited',
      email_verified: false,
      disabled: false,
    })
    expect(invited.headers.get('Location')).toBe(`/api/v1/users/${grace.id}`)
    const [mail] = await mailsTo('grace@example.com')
    // In the language asked for, from the product's team (a token is no person to name).
    expect(mail?.subject).toMatch(/eingeladen/)
    expect(mail?.text).toMatch(/Das svc-Team/)

    const found = await (await call('/users?q=HOPPER', writer)).json()
    expect(found.data).toEqual([grace])
    expect((await (await call('/users?q=nobody', writer)).json()).data).toEqual([])

    const changed = await call(`/users/${grace.id}`, writer, { method: 'PATCH', body: '{"role":"admin"}' })
    expect(changed.status).toBe(200)
    expect(await changed.json()).toMatchObject({ role: 'admin' })
    expect((await (await call(`/users/${grace.id}`, writer)).json()).role).toBe('admin')

    const resent = await call(`/users/${grace.id}/invitation`, writer, { method: 'POST' })
    expect(resent.status).toBe(202)
    expect(await mailsTo('grace@example.com')).toHaveLength(2)
    // Not hers while the invitation is open: a reset link is refused, as in the console.
    expect((await call(`/users/${grace.id}/password-reset`, writer, { method: 'POST' })).status).toBe(409)

    expect((await call(`/users/${grace.id}`, writer, { method: 'DELETE' })).status).toBe(204)
    expect((await call(`/users/${grace.id}`, writer)).status).toBe(404)
    expect(await userBySub(acme.db, grace.id)).toBeUndefined()

    const { events } = await changesByTokens(acme.db)
    expect(events.map((event) => event.action)).toEqual([
      'person.removed',
      'person.invitation_resent',
      'person.role_changed',
      'person.invited',
    ])
    expect(events[3]).toMatchObject({
      actor: { kind: 'token' },
      organisation: acme.organisation.code,
      target: { kind: 'person', code: grace.id },
    })
  })

  it('saves a user read back unchanged as nothing changed, then one field; disables, signs out and mails a reset', async () => {
    const ada = await person('ada@example.com', { svcApp: acme.organisation.code, svcAccess: ['Ads:Edit'] })
    const writer = await token('users:write')
    const loaded = await (await call(`/users/${ada.sub}`, writer)).json()
    const same = await call(`/users/${ada.sub}`, writer, { method: 'PATCH', body: JSON.stringify(loaded) })
    expect(same.status).toBe(200)
    expect(await same.json()).toEqual(loaded)
    expect((await changesByTokens(acme.db)).events).toEqual([])

    const disabled = await call(`/users/${ada.sub}`, writer, { method: 'PATCH', body: JSON.stringify({ ...loaded, disabled: true }) })
    expect(disabled.status).toBe(200)
    const after = await disabled.json()
    expect(after).toMatchObject({ ...loaded, disabled: true, state: 'disabled', updated_at: expect.any(String) })
    expect((await userBySub(acme.db, ada.sub))?.disabled_at).not.toBeNull()
    // A disabled account gets no reset link; enabled again, it does.
    expect((await call(`/users/${ada.sub}/password-reset`, writer, { method: 'POST' })).status).toBe(409)
    expect((await call(`/users/${ada.sub}`, writer, { method: 'PATCH', body: '{"disabled":false}' })).status).toBe(200)
    expect((await call(`/users/${ada.sub}/password-reset`, writer, { method: 'POST' })).status).toBe(202)
    expect(await mailsTo('ada@example.com')).toHaveLength(1)
    expect((await call(`/users/${ada.sub}/sign-out`, writer, { method: 'POST' })).status).toBe(200)
    // An accepted account has no invitation to send again.
    expect((await call(`/users/${ada.sub}/invitation`, writer, { method: 'POST' })).status).toBe(409)

    const { events } = await changesByTokens(acme.db)
    expect(events.map((event) => event.action)).toEqual([
      'person.signed_out_everywhere',
      'person.password_reset_sent',
      'person.enabled',
      'person.disabled',
    ])
  })

  it('pages the list newest first with a cursor and a Link header', async () => {
    for (let n = 0; n < 5; n++) await person(`p${n}@example.com`, { svcApp: acme.organisation.code })
    const reader = await token('users:read')
    const first = await call('/users?limit=2', reader)
    const page = await first.json()
    expect(page.data.map((user: { email: string }) => user.email)).toEqual(['p4@example.com', 'p3@example.com'])
    expect(first.headers.get('Link')).toBe(`</api/v1/users?limit=2&cursor=${page.next_cursor}>; rel="next"`)
    const rest = await (await call(`/users?limit=3&cursor=${page.next_cursor}`, reader)).json()
    expect(rest.data.map((user: { email: string }) => user.email)).toEqual(['p2@example.com', 'p1@example.com', 'p0@example.com'])
    expect(rest.next_cursor).toBeNull()
  })
})
