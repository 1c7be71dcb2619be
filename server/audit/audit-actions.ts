/**
 * @module The audit log's words: every action it records (a dotted verb,
 * `family.past_tense`), the kinds of actor and target. A new change site
 * picks its action here, so a filter by prefix (`person.`) finds the whole
 * family, and the console and `audit list` name each one the same way.
 * Actions marked "wired by" are defined for change sites that other parts
 * of issue 26 add; their call is one line, `recordAuditEvent(db, {...})`.
 */

export const AUDIT_ACTIONS = [
  // People (console People, `user …` commands).
  'person.created',
  'person.invited',
  /** Wired by People's "resend invitation". */
  'person.invitation_resent',
  /** A name changed, and nothing else. */
  'person.updated',
  /** Role, organisation or operator status changed (`user update`, People). */
  'person.role_changed',
  /** Wired by People and `user update --disable`. */
  'person.disabled',
  /** Wired by People and `user update --enable`. */
  'person.enabled',
  /** Wired by People's "sign out everywhere" and `user sign-out`. */
  'person.signed_out_everywhere',
  /** Wired by People's "send password reset". */
  'person.password_reset_sent',
  'person.removed',
  'person.consent_revoked',
  /** An account deleted by its owner, on the account page. */
  'account.deleted',
  /** One of a person's own sessions, signed out from their account page. */
  'account.session_ended',
  /** Every session but the one in use, signed out from the account page. */
  'account.other_sessions_ended',
  // Second factors (issue 29): a person's own changes on the account page and at sign-in, an
  // administrator's removal for a lost phone, and the operator's requirement for console roles.
  'account.authenticator_added',
  'account.authenticator_removed',
  'account.recovery_codes_renewed',
  /** A recovery code signed someone in in place of the authenticator app (its detail says how many are left). */
  'account.recovery_code_used',
  /** An operator or admin removed someone's authenticator app (People, `user second-factor remove`). */
  'person.authenticator_removed',
  'console.second_factor_required',
  'console.second_factor_not_required',
  // Organisations (`org create`; the console's Organisations page wires the rest).
  'organisation.created',
  'organisation.renamed',
  'organisation.origins_changed',
  'organisation.archived',
  'organisation.unarchived',
  // API keys.
  'api_key.created',
  'api_key.revoked',
  // Clients (OpenID Connect applications).
  'client.created',
  'client.updated',
  'client.secret_rotated',
  'client.deleted',
  // The identity provider's signing keys.
  'signing_key.rotated',
  'signing_key.retired',
  // The key svc's stored secrets are encrypted under (`secrets rekey`).
  'secret_key.rotated',
  // Webhooks.
  'webhook.url_changed',
  /** A webhook endpoint added to a client (its detail names the endpoint, its URL and events). */
  'webhook.endpoint_added',
  /** An endpoint's URL, description or events changed. */
  'webhook.endpoint_changed',
  'webhook.endpoint_disabled',
  'webhook.endpoint_enabled',
  /** A client's webhook endpoint removed with its secrets and deliveries. */
  'webhook.endpoint_removed',
  /** An endpoint's signing secret shown again in the console. */
  'webhook.secret_revealed',
  'webhook.secret_added',
  'webhook.secret_removed',
  'webhook.delivery_replayed',
  'webhook.dead_replayed',
  /** An endpoint's failed and held deliveries since a time queued again (portal, `webhooks recover`). */
  'webhook.deliveries_recovered',
  'webhook.pinged',
  // External sign-in providers.
  'provider.added',
  // Management API tokens (`token create`, `token revoke`).
  'token.created',
  'token.revoked',
  /** A token's reads and refused calls, one row per token, method and route a minute (management-api/token-uses.ts). */
  'token.used',
  // Ads and images changed through the management API (the actor is its token).
  'ad.created',
  'ad.updated',
  'ad.published',
  'ad.unpublished',
  'ad.deleted',
  'image.uploaded',
  // The log itself.
  'audit.pruned',
] as const

/** An action the audit log records. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** What an action was done to. */
export type AuditTargetKind =
    | 'person'
  | 'organisation'
  | 'api_key'
  | 'client'
  | 'signing_key'
  | 'secret_key'
  | 'webhook_secret'
  | 'webhook_delivery'
  | 'provider'
  | 'audit_log'
  /** A deployment-wide setting (the second factor required for console roles). */
  | 'setting'
  | 'management_token'
  | 'ad'
  | 'image'
  /** A management API route, as `GET /api/v1/ads/{code}`. */
  | 'api_route'

/**
 * Who acted: a signed-in account (its code and address then), the command
 * line (with the OS user who ran it), the first-start setup page, or svc
 * itself (a scheduled rotation), or a management API token (by its id).
 */
export type AuditActor =
    | { kind: 'account'; sub: string; email: string }
  | { kind: 'cli'; user: string }
  | { kind: 'setup' }
  | { kind: 'system' }
  | { kind: 'token'; id: number }
