/**
 * @module The audit log's repository: the one module that reads and
 * writes `audit_events`. A change site calls {@link recordAuditEvent}
 * with the same `db` (or transaction) as the change, after the change,
 * so a change that fails or rolls back leaves no event; the console and
 * `audit list` page through {@link listAuditEvents}, newest first.
 */
import { userInfo } from 'node:os'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.js'
import { AUDIT_FAMILIES, type AuditEvent, type AuditEventPage, type AuditFamily } from '../../shared/audit-wire.js'
import type { AuditAction, AuditActor, AuditTargetKind } from './audit-actions.js'

/** The most events one page holds, whatever the caller asks for. */
export const MAX_AUDIT_PAGE = 500
/** A page's size when the caller names none. */
export const DEFAULT_AUDIT_PAGE = 50

/** One change to record. */
export interface NewAuditEvent {
  actor: AuditActor
  action: AuditAction
  /** What it was done to: its kind, code, and name as it is now (an e-mail address, an organisation's name). */
  target: { kind: AuditTargetKind; code: string | number; name?: string | null | undefined }
  /** The organisation's code, when the change belongs to one. */
  organisation?: string | null | undefined
  /** Before and after of what changed and other facts; keys that name a secret are dropped. */
  detail?: Record<string, unknown>
}

/** What to list: every filter narrows; `before` continues a page. */
export interface AuditFilter {
  /** An account's sub or e-mail address, `cli`, `cli:USER`, `setup`, `system`, `token` or `token:ID`. */
  actor?: string | undefined
  /** The target's code or name. */
  target?: string | undefined
  /** An account's sub or e-mail address, as actor or target. */
  person?: string | undefined
  /** Management tokens' ids that also match {@link person} as actor (the caller looked their names up). */
  personTokens?: readonly number[] | undefined
  /** `person.` or `person` for the family, `person.role_changed` for one action. */
  actionPrefix?: string | undefined
  /** An organisation's code. */
  organisation?: string | undefined
  /** Only events at or after this instant. */
  since?: Date | undefined
  /** Only events older than this one (the `next` of the page before). */
  before?: number | undefined
  /** At most {@link MAX_AUDIT_PAGE}; {@link DEFAULT_AUDIT_PAGE} when absent. */
  limit?: number | undefined
}

/** Detail keys that could hold a secret; a detail never carries one, whatever a change site passes. */
const SECRET_KEY = /secret|password|token|hash|^api_key$/i

/**
 * Records one change. Call it with the change's transaction when there is
 * one, else right after the change succeeded.
 *
 * @example
 * await recordAuditEvent(trx, { actor: cliActor(), action: 'organisation.created', target: { kind: 'organisation', code: org.code, name: org.name }, organisation: org.code })
 */
export async function recordAuditEvent(db: Kysely<Database>, event: NewAuditEvent, now = new Date()): Promise<void> {
  const actor = event.actor
  await db
    .insertInto('audit_events')
    .values({
      occurred_at: now.toISOString(),
      actor_kind: actor.kind,
      actor_code: actor.kind === 'account' ? actor.sub : actor.kind === 'cli' ? actor.user : actor.kind === 'token' ? String(actor.id) : null,
      actor_email: actor.kind === 'account' ? actor.email.toLowerCase() : null,
      action: event.action,
      target_kind: event.target.kind,
      target_code: String(event.target.code),
      target_name: event.target.name ?? null,
      organisation: event.organisation ?? null,
      detail: JSON.stringify(withoutSecrets(event.detail ?? {})),
    })
    .execute()
}

/**
 * The action families that have events a reader whose view is limited to
 * `organisation` (an admin's own; none for an operator) can see, in
 * `AUDIT_FAMILIES` order: what a filter may offer. The same condition as
 * `listAuditEvents` applies, so a family offered always has rows and a
 * row's family is always offered.
 *
 * @example
 * const families = await auditFamiliesSeen(db, { organisation: 'ORG0123456789' }) // ['person.', 'api_key.']
 */
export async function auditFamiliesSeen(
  db: Kysely<Database>,
  { organisation }: { organisation?: string | undefined },
): Promise<AuditFamily[]> {
  let query = db.selectFrom('audit_events').select('action').distinct()
  if (organisation !== undefined) query = query.where('organisation', '=', organisation)
  const actions = (await query.execute()).map((row) => row.action)
  return AUDIT_FAMILIES.filter((family) => actions.some((action) => action.startsWith(family)))
}

/**
 * A page of events, newest first, with the cursor of the next page.
 *
 * @example
 * const { events, next } = await listAuditEvents(db, { organisation: 'ORG0123456789', actionPrefix: 'person.' })
 */
export async function listAuditEvents(db: Kysely<Database>, filter: AuditFilter = {}): Promise<AuditEventPage> {
  const limit = Math.min(Math.max(Math.trunc(filter.limit ?? DEFAULT_AUDIT_PAGE), 1), MAX_AUDIT_PAGE)
  let query = db.selectFrom('audit_events').selectAll()
  if (filter.before !== undefined) query = query.where('id', '<', filter.before)
  if (filter.organisation !== undefined) query = query.where('organisation', '=', filter.organisation)
  if (filter.since !== undefined) query = query.where('occurred_at', '>=', filter.since.toISOString())
  if (filter.actionPrefix !== undefined && filter.actionPrefix !== '') {
    const prefix = filter.actionPrefix
    // substr rather than LIKE: `_` in `api_key.` is a LIKE wildcard.
    const family = prefix.endsWith('.') ? prefix : `${prefix}.`
    query = query.where((eb) => eb.or([eb('action', '=', prefix), eb(sql<string>`substr(action, 1, ${family.length})`, '=', family)]))
  }
  if (filter.actor !== undefined) {
    const actor = filter.actor.trim()
    query = query.where((eb) => {
      const [kind, user] = actor.includes(':') ? [actor.slice(0, actor.indexOf(':')), actor.slice(actor.indexOf(':') + 1)] : [actor, '']
      if (kind === 'cli' || kind === 'setup' || kind === 'system' || kind === 'token')
        return user === '' ? eb('actor_kind', '=', kind) : eb.and([eb('actor_kind', '=', kind), eb('actor_code', '=', user)])
      return eb.and([eb('actor_kind', '=', 'account'), eb.or([eb('actor_code', '=', actor), eb('actor_email', '=', actor.toLowerCase())])])
    })
  }
  if (filter.target !== undefined) {
    const target = filter.target.trim()
    query = query.where((eb) => eb.or([eb('target_code', '=', target), eb('target_name', '=', target)]))
  }
  if (filter.person !== undefined) {
    const person = filter.person.trim()
    query = query.where((eb) =>
      eb.or([
        eb('actor_code', '=', person),
        eb('actor_email', '=', person.toLowerCase()),
        eb.and([eb('target_kind', '=', 'person'), eb.or([eb('target_code', '=', person), eb('target_name', '=', person.toLowerCase())])]),
        ...(filter.personTokens?.length
          ? [eb.and([eb('actor_kind', '=', 'token'), eb('actor_code', 'in', filter.personTokens.map(String))])]
          : []),
      ]),
    )
  }
  // One row more than the page says whether another page follows.
  const rows = await query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute()
  const page = rows.slice(0, limit)
  return { events: page.map(eventOfRow), next: rows.length > limit ? page.at(-1)!.id : null }
}

/**
 * Deletes the events recorded before `before` and says how many went.
 *
 * @example
 * const removed = await pruneAuditEvents(db, new Date('2025-01-01'))
 */
export async function pruneAuditEvents(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db.deleteFrom('audit_events').where('occurred_at', '<', before.toISOString()).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * The command line as actor: the OS user who ran it, as the log names it.
 *
 * @example
 * await recordAuditEvent(db, { actor: cliActor(), … })
 */
export function cliActor(): AuditActor {
  try {
    return { kind: 'cli', user: userInfo().username }
  } catch {
    // A container may run as a user id with no name.
    return { kind: 'cli', user: String(process.getuid?.() ?? 'unknown') }
  }
}

/**
 * Before and after of the fields whose values differ, for an event's detail.
 *
 * @example
 * changedFields({ role: 'marketer', name: 'Ada' }, { role: 'admin', name: 'Ada' }) // { before: { role: 'marketer' }, after: { role: 'admin' } }
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changed = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])),
  }
}

function withoutSecrets(detail: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(detail)
      .filter(([key, value]) => !SECRET_KEY.test(key) && value !== undefined)
      .map(([key, value]) => [
        key,
        value !== null && typeof value === 'object' && !Array.isArray(value) ? withoutSecrets(value as Record<string, unknown>) : value,
      ]),
  )
}

function eventOfRow(row: {
  id: number
  occurred_at: string
  actor_kind: string
  actor_code: string | null
  actor_email: string | null
  action: string
  target_kind: string
  target_code: string
  target_name: string | null
  organisation: string | null
  detail: string
}): AuditEvent {
  return {
    id: Number(row.id),
    occurred_at: row.occurred_at,
    actor: { kind: row.actor_kind as AuditEvent['actor']['kind'], code: row.actor_code, email: row.actor_email },
    action: row.action,
    target: { kind: row.target_kind, code: row.target_code, name: row.target_name },
    organisation: row.organisation,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
  }
}
