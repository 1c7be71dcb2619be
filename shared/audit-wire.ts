/**
 * @module The audit log on the wire: an event as the console API and
 * `svc-bff audit list --json` give it, and the page of events.
 */

/** One recorded change. */
export interface AuditEvent {
  id: number
  /** ISO 8601 in UTC. */
  occurred_at: string
  actor: {
    kind: 'account' | 'cli' | 'setup' | 'system' | 'token'
    /** The account's sub, the OS user name of a command line, or a management token's id; null for setup and system. */
    code: string | null
    /** The account's e-mail address when it acted. */
    email: string | null
  }
  /** A dotted verb: `person.role_changed`. */
  action: string
  target: { kind: string; code: string; name: string | null }
  /** The organisation's code, when the change belongs to one. */
  organisation: string | null
  /** Before and after of what changed (`{before: {role: 'marketer'}, after: {role: 'admin'}}`), and other facts; never a secret. */
  detail: Record<string, unknown>
}

/** A page of events, newest first; `next` continues it (`?before=`), null on the last page. */
export interface AuditEventPage {
  events: AuditEvent[]
  next: number | null
}

/** The action families, by prefix, as filters offer them. */
export const AUDIT_FAMILIES = [
  'person.',
  'account.',
  'organisation.',
  'api_key.',
  'client.',
  'signing_key.',
  'secret_key.',
  'webhook.',
  'provider.',
  'token.',
  'ad.',
  'image.',
  'audit.',
  'console.',
] as const

/** An action family, by prefix (`person.`). */
export type AuditFamily = (typeof AUDIT_FAMILIES)[number]

/** The console's page of events: with the current names of the accounts it mentions, by code. */
export interface ConsoleAuditPage extends AuditEventPage {
  names: Record<string, string>
  /** The names of the management tokens that acted, by id (tokens are revoked, never deleted, so each is found). */
  token_names: Record<string, string>
  /** The families the reader's events belong to (an admin's organisation's, an operator's all): what the filter offers. */
  families: AuditFamily[]
}
