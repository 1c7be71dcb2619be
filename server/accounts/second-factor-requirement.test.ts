/**
 * @module The second-factor requirement's SQL against the dialect under
 * test: the switch the console and `svc console require-second-factor`
 * turn, stored with its audit event in one transaction.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Kysely, sql } from 'kysely'
import { listAuditEvents } from '../audit/audit-events.js'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { requireSecondFactor, secondFactorRequired, signedInWithSecondFactor } from './second-factor-requirement.js'

let db: Kysely<Database>
beforeEach(async () => {
  db = await openTestDatabase()
})
afterEach(() => db.destroy())

const actor = { kind: 'cli', user: 'ops' } as const
const auditedActions = async () => (await listAuditEvents(db, { actionPrefix: 'console.' })).events.map((event) => event.action).reverse()

describe('requireSecondFactor', () => {
  it('is off until turned on, and says and records only the calls that changed it', async () => {
    expect(await secondFactorRequired(db)).toBe(false)
    expect(await requireSecondFactor(db, actor, false)).toBe(false)
    expect(await requireSecondFactor(db, actor, true)).toBe(true)
    expect(await secondFactorRequired(db)).toBe(true)
    expect(await requireSecondFactor(db, actor, true)).toBe(false)
    expect(await requireSecondFactor(db, actor, false)).toBe(true)
    expect(await secondFactorRequired(db)).toBe(false)
    expect(await auditedActions()).toEqual(['console.second_factor_required', 'console.second_factor_not_required'])
  })

  it('records who turned it on, what it was before and after', async () => {
    await requireSecondFactor(db, actor, true)
    const [event] = (await listAuditEvents(db)).events
    expect(event).toMatchObject({
      actor: { kind: 'cli', code: 'ops' },
      action: 'console.second_factor_required',
      target: { kind: 'setting', code: 'console-second-factor', name: 'Second factor for console roles' },
      detail: { before: { required: false }, after: { required: true } },
    })
  })

  it('leaves the switch as it was when its audit event cannot be recorded', async () => {
    await sql`drop table audit_events`.execute(db)
    await expect(requireSecondFactor(db, actor, true)).rejects.toThrow()
    expect(await secondFactorRequired(db)).toBe(false)
  })
})

describe('signedInWithSecondFactor', () => {
  it('counts a passkey or a code after the password, not the password alone', () => {
    expect(signedInWithSecondFactor(['pwd'])).toBe(false)
    expect(signedInWithSecondFactor(['hwk'])).toBe(true)
    expect(signedInWithSecondFactor(['pwd', 'otp', 'mfa'])).toBe(true)
  })
})
