/**
 * @module `audit list` and `audit prune`: reading the audit log from the
 * shell, newest first, with the console's filters, as a table whose
 * details read `key=value` in the console's words (an organisation by its
 * name beside its code); and removing what is older than a date (the log
 * keeps everything until then).
 */
import { cliActor, listAuditEvents, MAX_AUDIT_PAGE, pruneAuditEvents, recordAuditEvent } from '../audit/audit-events.js'
import type { AuditEvent } from '../../shared/audit-wire.js'
import { UsageError } from './cli-error.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { integer, parseFlags, required } from './flags.js'
import { textTable } from './text-table.js'
import { allOrganisations } from '../orgs/organisations.js'
import { managementTokenNames } from '../management-api/management-tokens-repository.js'
// The console's own words for a detail's values, so the shell and the Audit log page say the same.
import { valueWords } from '../../shared/audit-words.js'

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
    const filtered = [values.org, values.actor, values.action, values.target, values.since, values.before].some((v) => v !== undefined)
    if (events.length === 0)
      return { json: { events, next_before: next }, text: filtered ? 'No audit events match these filters.' : 'No audit events yet.' }
    const names = new Map((await allOrganisations(db)).map((org) => [org.code, org.name]))
    const organisation = (code: unknown) => {
      const name = typeof code === 'string' ? names.get(code) : undefined
      return name ? `${name} (${String(code)})` : valueWords(code, { isoTimes: true })
    }
    const tokenIds = events.flatMap(({ actor }) => (actor.kind === 'token' && /^\d+$/.test(actor.code ?? '') ? [Number(actor.code)] : []))
    const tokenNames = await managementTokenNames(db, [...new Set(tokenIds)])
    const table = textTable<AuditEvent>(
      [
        ['WHEN', (event) => event.occurred_at],
        ['WHO', (event) => actorWords(event, tokenNames)],
        ['ACTION', (event) => event.action],
        ['TARGET', targetWords],
        ['ORGANISATION', (event) => (event.organisation === null ? '—' : organisation(event.organisation))],
        ['DETAILS', (event) => detailWords(event.detail, organisation) || '—'],
      ],
      events,
    )
    return { json: { events, next_before: next }, text: next === null ? table : `${table}\nMore: add --before ${next}` }
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

/** Who acted: `ada@example.com (ACC…)`, `cli:ada`, `token:7 (CMS import)`, `setup`, or `svc` for svc itself. */
function actorWords({ actor }: AuditEvent, tokenNames: Map<number, string>): string {
  if (actor.kind === 'account') return `${actor.email} (${actor.code})`
  if (actor.kind === 'cli') return `cli:${actor.code}`
  if (actor.kind === 'token') {
    const name = tokenNames.get(Number(actor.code))
    return name === undefined ? `token:${actor.code}` : `token:${actor.code} (${name})`
  }
  return actor.kind === 'system' ? 'svc' : actor.kind
}

/** What it was done to: `person grace@example.com (ACC…)`, `api_key svc_pk_ab12… (id 5)`. */
function targetWords({ target }: AuditEvent): string {
  if (!target.name) return `${target.kind} ${target.code}`
  return `${target.kind} ${target.name} (${target.kind === 'api_key' ? `id ${target.code}` : target.code})`
}

/**
 * A detail as `key=value` pairs: `roles=marketer → admin; organisation=— → Acme (ORG…)` for what
 * changed, `origins=https://…` for the rest; empty fields say nothing, as on the console.
 */
function detailWords(detail: AuditEvent['detail'], organisation: (code: unknown) => string): string {
  const { before, after, ...rest } = detail as { before?: unknown; after?: unknown } & Record<string, unknown>
  // Times stay ISO 8601, as the WHEN column prints them.
  const shown = (key: string, value: unknown) => (key === 'organisation' ? organisation(value) : valueWords(value, { isoTimes: true }))
  const pairs: string[] = []
  if (before && after && typeof before === 'object' && typeof after === 'object') {
    const [was, now] = [before as Record<string, unknown>, after as Record<string, unknown>]
    for (const key of Object.keys(now)) pairs.push(`${key}=${shown(key, was[key])} → ${shown(key, now[key])}`)
  } else if (before !== undefined) rest.before = before
  for (const [key, value] of Object.entries(rest))
    if (value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)) pairs.push(`${key}=${shown(key, value)}`)
  return pairs.join('; ')
}
