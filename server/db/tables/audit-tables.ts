/** @module The audit log's table (migration 0021): who did what to whom and when. */
import type { ColumnType, Generated } from 'kysely'

export interface AuditEventsTable {
  id: Generated<number>
  /** ISO 8601 in UTC. */
  occurred_at: ColumnType<string, string, never>
  /** `account`, `cli`, `setup` or `system`. */
  actor_kind: ColumnType<string, string, never>
  /** The account's sub, or the OS user name for `cli`. */
  actor_code: ColumnType<string | null, string | null, never>
  /** The account's e-mail address when it acted. */
  actor_email: ColumnType<string | null, string | null, never>
  /** A dotted verb: `person.role_changed`. */
  action: ColumnType<string, string, never>
  target_kind: ColumnType<string, string, never>
  target_code: ColumnType<string, string, never>
  /** The target's name when it changed (an e-mail address, an organisation's name). */
  target_name: ColumnType<string | null, string | null, never>
  /** The organisation's code, when the change belongs to one. */
  organisation: ColumnType<string | null, string | null, never>
  /** JSON object: before and after of what changed, never a secret. */
  detail: ColumnType<string, string, never>
}
