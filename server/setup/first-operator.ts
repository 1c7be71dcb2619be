/**
 * @module Makes the first operator (`svc.master`) of a new install, from
 * the setup page or from the bootstrap variables. Making one is a
 * check-and-create in one transaction, so two requests racing with the
 * same setup link, or two replicas starting with the same variables,
 * make exactly one operator.
 */
import type { Kysely } from 'kysely'
import type { Database, UserRow } from '../db/schema.js'
import { createUser, operatorCount } from '../accounts/users.js'
import { recordAuditEvent } from '../audit/audit-events.js'
import { personState, personTarget } from '../audit/audit-targets.js'
import { killSetupLink, takeSetupToken } from './setup-link.js'

/** The operator to make: the password already hashed through the queued hasher (`hashPassword`), outside the transaction. */
export interface FirstOperator {
  name: string
  email: string
  passwordHash: string
}

/**
 * Uses up the setup link and makes the operator, confirmed; `undefined`
 * when the link is not live (used, replaced, never ours) or an operator
 * exists already (the link then dies too). An address taken by another
 * account rejects with `InvalidInput` on `email`, and the link stays live.
 *
 * @example
 * const operator = await createOperatorWithSetupLink(db, token, { name, email, passwordHash }, new Date())
 */
export async function createOperatorWithSetupLink(
  db: Kysely<Database>,
  token: string,
  operator: FirstOperator,
  now: Date,
): Promise<UserRow | undefined> {
  return db.transaction().execute(async (trx) => {
    if (!(await takeSetupToken(trx, token))) return undefined
    if ((await operatorCount(trx)) > 0) return undefined
    return recordedOperator(
      trx,
      await createUser(trx, { ...operator, password: '', emailVerified: true, svcMaster: true }, now),
      'setup',
      now,
    )
  })
}

/** Writes the operator's making in the audit log, in the transaction that made them. */
async function recordedOperator(trx: Kysely<Database>, user: UserRow, by: 'setup' | 'system', now: Date): Promise<UserRow> {
  await recordAuditEvent(trx, { actor: { kind: by }, action: 'person.created', target: personTarget(user), detail: personState(user) }, now)
  return user
}

/**
 * Makes the operator unless there is one already (then `undefined`, and
 * nothing changes); any live setup link dies, as it is no longer needed.
 * Two replicas starting at once may both count none: the second then
 * rejects with `InvalidInput` on `email` (the address is unique), and its
 * caller finds the operator the first one made.
 *
 * @example
 * const made = await createOperatorUnlessOneExists(db, { name: 'Operator', email, passwordHash }, new Date())
 */
export async function createOperatorUnlessOneExists(
  db: Kysely<Database>,
  operator: FirstOperator,
  now: Date,
): Promise<UserRow | undefined> {
  return db.transaction().execute(async (trx) => {
    if ((await operatorCount(trx)) > 0) return undefined
    await killSetupLink(trx)
    return recordedOperator(
      trx,
      await createUser(trx, { ...operator, password: '', emailVerified: true, svcMaster: true }, now),
      'system',
      now,
    )
  })
}
