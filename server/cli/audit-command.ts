/**
 * @module `audit list` and `audit prune`: reading the audit log from the
 * shell, newest first, with the console's filters; and removing what is
 * older than a date (the log keeps everything until then).
 */
import { cliActor, listAuditEvents, MAX_AUDIT_PAGE, pruneAuditEvents, recordAuditEvent } from '../audit/audit-events.js'
import type { AuditEvent } from '../../shared/audit-wire.js'
import { UsageError } from './cli-error.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { integer, parseFlags, required } from './flags.js'

export const AUDIT_USAGE = [
  'audit list [--org CODE] [--actor EMAIL|SUB|cli] [--action PREFIX] [--target CODE|EMAIL] [--since ISO] [--before ID] [--limit N]',
  'audit prune --before DATE',
].join('\n  ')

/**
 * Lists events newest first; `next_before` (or the last text line) names the next page.
 *
 * @example
 * await auditList(['--action', 'person.', '--since', '2026-01-01'], io)
 */
export async function auditList(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, {
    org: { type: 'string' },
    actor: { type: 'string' },
    action: { type: 'string' },
    target: { type: 'string' },
    since: { type: 'string' },
    before: { type: 'string' },
    limit: { type: 'string' },
  })
  const filter = {
    organisation: values.org,
    actor: values.actor,
    actionPrefix: values.action,
    target: values.target,
    since: values.since === undefined ? undefined : instant(values.since, '--since'),
    before: integer(values.before, '--before', 1, Number.MAX_SAFE_INTEGER),
    limit: integer(values.limit, '--limit', 1, MAX_AUDIT_PAGE) ?? 50,
  }
  return withDatabase(commandSettings(values, io), async (db) => {
    const { events, next } = await listAuditEvents(db, filter)
    const lines = events.map(eventLine)
    if (next !== null) lines.push(`More: add --before ${next}`)
    return { json: { events, next_before: next }, text: lines.length === 0 ? 'No audit events.' : lines.join('\n') }
  })
}

/**
 * Deletes the events recorded before the date, and records that it did.
 *
 * @example
 * await auditPrune(['--before', '2025-01-01'], io)
 */
export async function auditPrune(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, { before: { type: 'string' } })
  const before = instant(required(values.before, '--before'), '--before')
  return withDatabase(commandSettings(values, io), async (db) => {
    const removed = await pruneAuditEvents(db, before)
    await recordAuditEvent(db, {
      actor: cliActor(),
      action: 'audit.pruned',
      target: { kind: 'audit_log', code: 'audit_events' },
      detail: { before: before.toISOString(), removed },
    })
    return {
      json: { removed, before: before.toISOString() },
      text: `Removed ${removed} audit events recorded before ${before.toISOString()}.`,
    }
  })
}

/** A date (`2026-01-31`, midnight UTC) or date and time; anything else is a usage error. */
function instant(value: string, flag: string): Date {
  const at = /^\d{4}-\d\d-\d\d(T.+)?$/.test(value) ? new Date(value) : undefined
  if (!at || Number.isNaN(at.getTime()))
    throw new UsageError(`${flag} must be a date (2026-01-31) or an ISO date and time (2026-01-31T12:00:00Z)`)
  return at
}

/** `2026-01-02T03:04:05.000Z  ada@example.com (ACC…)  person.role_changed  person ACC… (grace@example.com)  in ORG…  {"before":…}` */
function eventLine(event: AuditEvent): string {
  const { actor, target } = event
  const who = actor.kind === 'account' ? `${actor.email} (${actor.code})` : actor.kind === 'cli' ? `cli:${actor.code}` : actor.kind === 'token' ? `token:${actor.code}` : actor.kind
  const what = `${target.kind} ${target.code}${target.name ? ` (${target.name})` : ''}`
  const detail = Object.keys(event.detail).length === 0 ? '' : `  ${JSON.stringify(event.detail)}`
  return `${event.occurred_at}  ${who}  ${event.action}  ${what}${event.organisation ? `  in ${event.organisation}` : ''}${detail}`
}
