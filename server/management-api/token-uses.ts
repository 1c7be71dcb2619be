/**
 * @module Every use of a management token in the audit log, without a row
 * per request. Changes record their own actions (`ad.created`, …); what
 * else a token does (reads, and calls refused for a missing scope or an
 * invalid body) is recorded as `token.used`, once per token, method,
 * route and refusal status per clock minute (a refused call names its
 * status, so a script probing what it may not reach stands out from its
 * reads): the first such call of the minute writes the
 * row, the others that minute are noted in memory only. A script polling
 * one route makes at most one row a minute (1,440 a day, which the audit
 * log's pruning keeps bounded), as GitHub's and Stripe's request logs
 * roll up reads instead of keeping each. The memory is one minute's keys,
 * capped, so invented routes cannot grow it; each replica keeps its own,
 * so N replicas write at most N rows per key and minute.
 */
import type { Kysely } from 'kysely'
import { recordAuditEvent } from '../audit/audit-events.js'
import type { Database } from '../db/schema.js'

/** The most (token, method, route) keys remembered in one minute; past it the oldest is forgotten (it may then write a second row). */
export const MAX_USES_A_MINUTE = 10_000
const MINUTE_MS = 60_000

/** The keys already recorded this minute, per database (the app and its tests each have their own). */
const recorded = new WeakMap<Kysely<Database>, { minute: number; keys: Set<string> }>()

/**
 * Records a call of `caller` to `route`, answered `status`, unless one of
 * the same token, method, route and (for a refusal) status is in the log
 * for this minute already. Says whether it wrote a row.
 *
 * @example
 * await recordTokenUse(db, caller, 'GET', '/api/v1/ads/:code', new Date(), 200)
 */
export async function recordTokenUse(
  db: Kysely<Database>,
  // What it needs of bearer-token.ts's ApiCaller, written out so the two modules do not import each other.
  caller: { token: { id: number }; organisation: { code: string } | null },
  method: string,
  route: string,
  now: Date,
  status: number,
): Promise<boolean> {
  const minute = Math.floor(now.getTime() / MINUTE_MS)
  let window = recorded.get(db)
  // A new minute forgets the last one's keys: they belong to rows already written.
  if (window?.minute !== minute) recorded.set(db, (window = { minute, keys: new Set() }))
  // HEAD is GET without a body (Hono answers it with the GET route): one use.
  const call = `${method === 'HEAD' ? 'GET' : method} ${documentedPath(route)}${status >= 400 ? ` (refused ${status})` : ''}`
  const key = `${caller.token.id} ${call}`
  if (window.keys.has(key)) return false
  // A Set iterates in insertion order: its first key is the minute's oldest.
  if (window.keys.size >= MAX_USES_A_MINUTE) window.keys.delete(window.keys.values().next().value!)
  window.keys.add(key)
  await recordAuditEvent(
    db,
    {
      actor: { kind: 'token', id: caller.token.id },
      action: 'token.used',
      target: { kind: 'api_route', code: call },
      organisation: caller.organisation?.code ?? null,
    },
    now,
  )
  return true
}

/** A Hono route template as the OpenAPI document and docs/api.md write it: `/api/v1/ads/{code}`. */
const documentedPath = (route: string) => route.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}')
