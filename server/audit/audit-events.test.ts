/** @module Tests of the audit log's repository, on SQLite and (with SVC_TEST_DATABASE_URL) PostgreSQL. */
import { describe, expect, it } from 'vitest'
import { openTestDatabase } from '../db/test-database.js'
import { changedFields, listAuditEvents, MAX_AUDIT_PAGE, pruneAuditEvents, recordAuditEvent } from './audit-events.js'

const ada = { kind: 'account', sub: 'ACC1', email: 'Ada@Example.com' } as const

describe('the audit log repository', () => {
  it('records an event as given, keeps no secret in its detail, and lists it', async () => {
    const db = await openTestDatabase()
    const at = new Date('2026-01-02T03:04:05.000Z')
    await recordAuditEvent(
      db,
      {
        actor: ada,
        action: 'client.created',
        target: { kind: 'client', code: 'cli_x', name: 'Shop' },
        detail: { public: false, client_secret: 'shh', nested: { password: 'pw', kept: 1 } },
      },
      at,
    )
    expect((await listAuditEvents(db)).events).toEqual([
      {
        id: expect.any(Number),
        occurred_at: '2026-01-02T03:04:05.000Z',
        actor: { kind: 'account', code: 'ACC1', email: 'ada@example.com' },
        action: 'client.created',
        target: { kind: 'client', code: 'cli_x', name: 'Shop' },
        organisation: null,
        detail: { public: false, nested: { kept: 1 } },
      },
    ])
  })

  it('filters by actor, action family, target, person, organisation and time, and pages newest first', async () => {
    const db = await openTestDatabase()
    const day = (n: number) => new Date(Date.UTC(2026, 0, n))
    const grace = { kind: 'person', code: 'ACC2', name: 'grace@example.com' } as const
    await recordAuditEvent(db, { actor: ada, action: 'person.invited', target: grace, organisation: 'ORG1' }, day(1))
    await recordAuditEvent(
      db,
      { actor: { kind: 'cli', user: 'root' }, action: 'api_key.created', target: { kind: 'api_key', code: 7 }, organisation: 'ORG2' },
      day(2),
    )
    await recordAuditEvent(
      db,
      { actor: { kind: 'system' }, action: 'signing_key.rotated', target: { kind: 'signing_key', code: 'kid1' } },
      day(3),
    )
    await recordAuditEvent(
      db,
      { actor: { kind: 'cli', user: 'ops' }, action: 'person.role_changed', target: grace, organisation: 'ORG1' },
      day(4),
    )
    // A family matched by substr, not LIKE: `api_key.` must not match `apixkey.`.
    await recordAuditEvent(
      db,
      { actor: { kind: 'setup' }, action: 'apixkey.created' as 'api_key.created', target: { kind: 'api_key', code: 8 } },
      day(5),
    )

    const actions = async (filter: Parameters<typeof listAuditEvents>[1]) => (await listAuditEvents(db, filter)).events.map((e) => e.action)
    expect(await actions({})).toEqual([
      'apixkey.created',
      'person.role_changed',
      'signing_key.rotated',
      'api_key.created',
      'person.invited',
    ])
    expect(await actions({ actor: 'ADA@example.com' })).toEqual(['person.invited'])
    expect(await actions({ actor: 'ACC1' })).toEqual(['person.invited'])
    expect(await actions({ actor: 'cli' })).toEqual(['person.role_changed', 'api_key.created'])
    expect(await actions({ actor: 'cli:root' })).toEqual(['api_key.created'])
    expect(await actions({ actionPrefix: 'person.' })).toEqual(['person.role_changed', 'person.invited'])
    expect(await actions({ actionPrefix: 'api_key' })).toEqual(['api_key.created'])
    expect(await actions({ actionPrefix: 'person.invited' })).toEqual(['person.invited'])
    expect(await actions({ target: 'grace@example.com' })).toEqual(['person.role_changed', 'person.invited'])
    expect(await actions({ target: '7' })).toEqual(['api_key.created'])
    expect(await actions({ person: 'ACC1' })).toEqual(['person.invited'])
    expect(await actions({ person: 'grace@example.com' })).toEqual(['person.role_changed', 'person.invited'])
    expect(await actions({ organisation: 'ORG1' })).toEqual(['person.role_changed', 'person.invited'])
    expect(await actions({ since: day(3) })).toEqual(['apixkey.created', 'person.role_changed', 'signing_key.rotated'])

    const first = await listAuditEvents(db, { limit: 2 })
    expect(first.events.map((e) => e.action)).toEqual(['apixkey.created', 'person.role_changed'])
    const second = await listAuditEvents(db, { limit: 2, before: first.next! })
    expect(second.events.map((e) => e.action)).toEqual(['signing_key.rotated', 'api_key.created'])
    const last = await listAuditEvents(db, { limit: 2, before: second.next! })
    expect([last.events.map((e) => e.action), last.next]).toEqual([['person.invited'], null])

    expect(await pruneAuditEvents(db, day(3))).toBe(2)
    expect(await actions({})).toEqual(['apixkey.created', 'person.role_changed', 'signing_key.rotated'])
  })

  it('caps a page at its most', async () => {
    const db = await openTestDatabase()
    for (let i = 0; i < MAX_AUDIT_PAGE + 2; i++)
      await recordAuditEvent(db, { actor: { kind: 'system' }, action: 'webhook.pinged', target: { kind: 'client', code: 'cli_x' } })
    const page = await listAuditEvents(db, { limit: 10_000 })
    expect([page.events.length, page.next]).toEqual([MAX_AUDIT_PAGE, expect.any(Number)])
  })

  it('keeps only the fields that changed, before and after', () => {
    expect(changedFields({ name: 'Ada', roles: ['marketer'] }, { name: 'Ada', roles: ['admin'] })).toEqual({
      before: { roles: ['marketer'] },
      after: { roles: ['admin'] },
    })
  })
})
