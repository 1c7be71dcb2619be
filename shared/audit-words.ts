/**
 * @module The audit log in people's words: each action as what the actor
 * did, each kind of target, and a detail's fields and values, shared by the
 * console's Audit log page and `svc-bff audit list`. An action
 * this build does not know (written by a newer svc) shows as it is named.
 */
import type { AuditEvent } from './audit-wire.js'
import { readableTime } from './local-date-time.js'

const ACTION_WORDS: Record<string, string> = {
  'person.created': 'Created the account of',
  'person.invited': 'Invited',
  'person.invitation_resent': 'Resent the invitation of',
  'person.updated': 'Changed the name of',
  'person.role_changed': 'Changed the role of',
  'person.disabled': 'Disabled',
  'person.enabled': 'Re-enabled',
  'person.signed_out_everywhere': 'Signed out everywhere',
  'person.password_reset_sent': 'Sent a password reset to',
  'person.removed': 'Removed',
  'person.consent_revoked': "Withdrew an application's access of",
  'account.deleted': 'Deleted their own account,',
  'account.session_ended': 'Signed out one of their own sessions,',
  'account.other_sessions_ended': 'Signed out of their other sessions,',
  'account.authenticator_added': 'Set up an authenticator app for their own account,',
  'account.authenticator_removed': 'Removed the authenticator app of their own account,',
  'account.recovery_codes_renewed': 'Made new recovery codes for their own account,',
  'account.recovery_code_used': 'Signed in with a recovery code to their own account,',
  'person.authenticator_removed': 'Removed the authenticator app of',
  'console.second_factor_required': 'Required a second factor for console roles:',
  'console.second_factor_not_required': 'Stopped requiring a second factor for console roles:',
  'organisation.created': 'Created',
  'organisation.renamed': 'Renamed',
  'organisation.origins_changed': 'Changed the origins of',
  'organisation.archived': 'Archived',
  'organisation.unarchived': 'Unarchived',
  'api_key.created': 'Created',
  'api_key.revoked': 'Revoked',
  'client.created': 'Registered',
  'client.updated': 'Changed',
  'client.secret_rotated': 'Replaced the secret of',
  'client.deleted': 'Deleted',
  'signing_key.rotated': 'Rotated to a new',
  'signing_key.retired': 'Retired',
  'secret_key.rotated': 'Re-encrypted the stored secrets under a new',
  'webhook.url_changed': 'Changed the webhook URL of',
  'webhook.endpoint_added': 'Added a webhook endpoint to',
  'webhook.endpoint_changed': 'Changed a webhook endpoint of',
  'webhook.endpoint_disabled': 'Disabled a webhook endpoint of',
  'webhook.endpoint_enabled': 'Enabled a webhook endpoint of',
  'webhook.endpoint_removed': 'Removed a webhook endpoint of',
  'webhook.secret_revealed': 'Showed a webhook secret of',
  'webhook.secret_added': 'Added a webhook secret to',
  'webhook.secret_removed': 'Removed a webhook secret of',
  'webhook.delivery_replayed': 'Sent again',
  'webhook.dead_replayed': 'Sent again the failed webhook deliveries of',
  'webhook.deliveries_recovered': 'Recovered the failed webhook deliveries of an endpoint of',
  'webhook.pinged': 'Sent test webhooks to',
  'provider.added': 'Added',
  'token.created': 'Created',
  'token.revoked': 'Revoked',
  'token.used': 'Called the management API:',
  'ad.created': 'Created',
  'ad.updated': 'Changed',
  'ad.published': 'Published',
  'ad.unpublished': 'Unpublished',
  'ad.deleted': 'Deleted',
  'image.uploaded': 'Uploaded',
  'audit.pruned': 'Removed old entries from',
}

/** The action families the filter offers, by prefix. */
export const FAMILY_WORDS: [string, string][] = [
  ['person.', 'People'],
  ['account.', 'Own accounts (sessions signed out, deleted)'],
  ['organisation.', 'Organisations'],
  ['api_key.', 'API keys'],
  ['client.', 'Clients'],
  ['signing_key.', 'Signing keys'],
  ['secret_key.', 'The secret key'],
  ['webhook.', 'Webhooks'],
  ['provider.', 'Sign-in providers'],
  ['token.', 'Management API tokens'],
  ['ad.', 'Ads (through the management API)'],
  ['image.', 'Images (through the management API)'],
  ['audit.', 'The audit log itself'],
  ['console.', 'Console settings'],
]

const FIELD_WORDS: Record<string, string> = {
  name: 'Name',
  roles: 'Roles',
  organisation: 'Organisation',
  origins: 'Origins',
  rate_limit: 'Requests a minute',
  permissions: 'Permissions',
  public: 'Public',
  application_type: 'Application type',
  redirect_uris: 'Redirect URIs',
  post_logout_redirect_uris: 'After sign-out URIs',
  scopes: 'Scopes',
  webhook_url: 'Webhook URL',
  privacy_policy_url: 'Privacy policy',
  terms_of_service_url: 'Terms of service',
  logo_uri: 'Logo',
  emergency: 'Emergency',
  signs_from: 'Signs from',
  id: 'Secret number',
  count: 'How many',
  replayed_count: 'Deliveries sent again',
  issuer: 'Issuer',
  client_id: 'Client id',
  client: 'Client',
  before: 'Before',
  removed: 'Entries removed',
  device: 'Browser and system',
  signed_in: 'Signed in',
  sessions: 'Sessions ended',
  // Management tokens, and ads and images changed through the management API.
  expires_at: 'Expires',
  title: 'Title',
  display: 'Slot',
  publish: 'Published (1) or not (0)',
  status: 'Status',
  url: 'Link address',
  link: 'Button text',
  starts: 'Starts',
  ends: 'Ends',
  weight: 'Weight',
  content_type: 'Type',
  size_bytes: 'Size in bytes',
}

/**
 * What the actor did, as a sentence's start.
 *
 * @example
 * actionWords('person.role_changed') // 'Changed the role of'
 */
export const actionWords = (action: string): string => ACTION_WORDS[action] ?? action

/**
 * A detail field's label.
 *
 * @example
 * fieldWords('rate_limit') // 'Requests a minute'
 */
export const fieldWords = (key: string): string => FIELD_WORDS[key] ?? key.replaceAll('_', ' ')

/**
 * A detail value as text: lists joined, nothing as a dash, yes or no, a
 * named thing by its name; an instant in the viewer's time, or kept ISO
 * 8601 with `isoTimes` (the command line, whose other times are ISO).
 *
 * @example
 * valueWords(['admin']) // 'admin'
 * valueWords('2026-03-31T10:00:00.000Z', { isoTimes: true }) // '2026-03-31T10:00:00.000Z'
 */
export function valueWords(value: unknown, { isoTimes = false } = {}): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  // An instant (a key's signing start) in the viewer's time, as the When column shows it.
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(value))
    return isoTimes ? value : readableTime(value, { seconds: true })
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map((item) => valueWords(item, { isoTimes })).join(', ')
  if (typeof value === 'object') {
    const named = value as { name?: unknown; code?: unknown }
    return named.name ? `${String(named.name)} (${String(named.code)})` : JSON.stringify(value)
  }
  return String(value)
}

/**
 * The lines a detail shows: `Roles: marketer → admin` for what changed, `Origins: https://…` for the rest.
 *
 * @example
 * detailLines({ before: { roles: ['marketer'] }, after: { roles: ['admin'] } }) // ['Roles: marketer → admin']
 */
export function detailLines(detail: AuditEvent['detail'], organisations: readonly { code: string; name: string }[] = []): string[] {
  const { before, after, ...rest } = detail as { before?: unknown; after?: unknown } & Record<string, unknown>
  // An organisation's code reads better with its name beside it.
  const shown = (key: string, value: unknown) => {
    const known = key === 'organisation' ? organisations.find((org) => org.code === value) : undefined
    return known ? `${known.name} (${known.code})` : valueWords(value)
  }
  const lines: string[] = []
  if (before && after && typeof before === 'object' && typeof after === 'object') {
    const [was, now] = [before as Record<string, unknown>, after as Record<string, unknown>]
    for (const key of Object.keys(now)) lines.push(`${fieldWords(key)}: ${shown(key, was[key])} → ${shown(key, now[key])}`)
  } else if (before !== undefined) rest.before = before
  // What a new thing was made with: its empty fields say nothing.
  for (const [key, value] of Object.entries(rest))
    if (value !== null && value !== '' && !(Array.isArray(value) && value.length === 0))
      lines.push(`${fieldWords(key)}: ${shown(key, value)}`)
  return lines
}
