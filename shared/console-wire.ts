/**
 * @module The console API's wire types (`/console/api/...`): what each
 * route takes and answers, as the server's console modules send them and
 * the console's pages read them. Field names are the wire's (snake_case).
 * Where the database keeps a free string (an ad's `target`, `status`), the
 * wire says `string` too: the pages narrow it, the server need not cast.
 */
import type { Ad } from './ads-wire.js'
import type { AccountWords } from '../server/i18n/account-words/en.js'

/** Every refusal: a sentence, and per-field messages when a field is to blame. */
export interface ConsoleRefusal {
  status: 'error'
  code: number
  message: string
  errors?: Record<string, string>
}

// ── GET /console/api/me ─────────────────────────────────────────────

/** What the signed-in user may do; `organisation` is the one they manage. */
export interface ConsoleRoles {
  organisation?: string | undefined
  ads: boolean
  apiKeys: boolean
  developer: boolean
  operator: boolean
}

/** Who is signed in, the session's CSRF token, and the organisations they may work in. */
export interface ConsoleMe {
  sub: string
  name: string
  email: string
  roles: ConsoleRoles
  csrf: string
  organisations: { code: string; name: string }[]
  /** The deployment's product name (`SVC_BRAND_NAME`), which the header shows. */
  product: string
  /** The visitor's language and the header's words in it, which a visitor without a console role (whose console is the account page) sees. */
  locale: string
  header: { account: string; signOut: string; sections: string }
  /** An operator requires a second factor of console roles and this sign-in used one factor: only the account page answers. */
  second_factor_missing?: boolean
}

// ── /console/api/ads ────────────────────────────────────────────────

/** The fields of an ad the editor edits and sends. */
export interface ConsoleAdFields {
  title: string
  label: string
  display: string
  url: string
  link: string
  target: string
  size: string | null
  tags: string | null
  description: string
  image: string
  images: string[]
  status: string
  publish: number
  /** When the ads API starts serving it: ISO 8601 with a zone (answers are UTC, `…Z`), or null for at once. */
  starts: string | null
  /** When it stops (exclusive), likewise, or null for never; must be after `starts`. */
  ends: string | null
  /** 1 to 100 (10 by default): how often a random draw picks it relative to the slot's other ads. */
  weight: number
}

/** An ad as the editor edits it (`GET /ads/{code}`, and the answer to a create or change). */
export interface ConsoleAd extends ConsoleAdFields {
  code: string
  created_at: string
  updated_at: string
}

/** `GET /ads?display=&status=&publish=`: newest first, each with its organisation's code. */
export interface ConsoleAdList {
  ads: (ConsoleAd & { organisation: string | undefined })[]
}

/** `GET /ads/{code}`, `PUT /ads/{code}`, `POST /ads`: the ad and its organisation's code. */
export interface ConsoleAdAnswer {
  ad: ConsoleAd & { organisation: string }
}

/** `GET /ads/slots?organisation=CODE`: the slots the organisation's ads use, by name, with how many ads each holds and serves. */
export interface ConsoleSlotList {
  organisation: string
  slots: { display: string; slug: string; ads: number; published: number }[]
}

/** What `PUT /ads/{code}/publish` takes; it answers a {@link ConsoleAdAnswer}. `POST /ads/{code}/duplicate` answers one too (201). */
export interface ConsoleAdPublish {
  publish: 0 | 1
}

/** What `POST /ads`, `PUT /ads/{code}` and `POST /ads/preview` take; `organisation` names an operator's choice on create; `POST /ads` without `publish` makes an unpublished ad. */
export interface ConsoleAdInput extends ConsoleAdFields {
  organisation?: string
}

/** `POST /ads/preview`: the ad exactly as the ads API would serve it. */
export interface ConsoleAdPreview {
  ad: Ad
}

// ── /console/api/keys ───────────────────────────────────────────────

/** One API key; the key itself is shown once, at creation, and never again. */
export interface ConsoleApiKey {
  id: number
  key_prefix: string
  origins: string[]
  permissions: string[]
  rate_limit: number
  created_at: string
  revoked_at: string | null
}

/** `GET /keys?organisation=CODE`. */
export interface ConsoleApiKeyList {
  organisation: string
  /** The organisation's origins, which a new key's form starts with (set on the Organisations page). */
  default_origins?: string[]
  keys: ConsoleApiKey[]
}

/** What `POST /keys` takes: origins separated by spaces, a whole number a minute. */
export interface ConsoleApiKeyInput {
  organisation: string
  origins: string
  rate_limit: string
}

/** `POST /keys`: the key, this once. */
export interface ConsoleApiKeyCreated {
  id: number
  api_key: string
}

// ── /console/api/organisations ──────────────────────────────────────

/** An organisation as the Organisations page lists it. */
export interface ConsoleOrganisation {
  code: string
  name: string
  /** The origins its new keys accept unless given their own; empty: any origin. */
  origins: string[]
  /** Its keys not revoked. */
  keys: number
  /** Its ads, whatever their state. */
  ads: number
  created_at: string
  /** When it was archived (its ads not served, its keys refused); null while active. */
  archived_at: string | null
}

/** `GET /organisations`: every one for an operator, archived ones too; an admin's own. */
export interface ConsoleOrganisationList {
  organisations: ConsoleOrganisation[]
  /** Whether this account may create and archive organisations (an operator). */
  may_create: boolean
}

/** What `POST /organisations` and `PUT /organisations/CODE` take: origins one per line (or separated by spaces). */
export interface ConsoleOrganisationInput {
  name: string
  origins: string
}

/** `PUT /organisations/CODE/archived`. */
export interface ConsoleOrganisationArchive {
  archived: boolean
}

/** One organisation, as created or changed. */
export interface ConsoleOrganisationAnswer {
  organisation: ConsoleOrganisation
}

// ── /console/api/clients ────────────────────────────────────────────

/** A client as the developer portal shows it: never its secret. */
export interface ConsoleClient {
  client_id: string
  name: string
  public: boolean
  /** `native` for an app on a device, whose loopback redirect URIs take any port; `web` otherwise. */
  application_type: 'web' | 'native'
  redirect_uris: string[]
  post_logout_redirect_uris: string[]
  /** How many webhook endpoints it has, and how many of them are enabled. */
  webhook_endpoints: { total: number; enabled: number }
  privacy_policy_url: string | null
  terms_of_service_url: string | null
  logo_uri: string | null
  /** Where svc POSTs a logout token when a session that signed in to it ends (OIDC Back-Channel Logout 1.0). */
  backchannel_logout_uri: string | null
  /** The client asked for `sid` in logout tokens (svc always sends it). */
  backchannel_logout_session_required: boolean
  created_at: string
}

/** `GET /clients`. */
export interface ConsoleClientList {
  clients: ConsoleClient[]
}

/** What `POST /clients` takes; the URI lists may be one string separated by spaces. */
export interface ConsoleClientRegistration {
  name: unknown
  public: boolean
  /** `web` when absent. */
  application_type?: unknown
  redirect_uris: unknown
  post_logout_redirect_uris: unknown
  privacy_policy_url: unknown
  terms_of_service_url: unknown
  logo_uri: unknown
  /** Optional: makes the client's first webhook endpoint, subscribed to every event. */
  webhook_url: unknown
  /** Left out: unchanged on an edit, none on a registration; empty removes it. */
  backchannel_logout_uri?: unknown
  backchannel_logout_session_required?: boolean
}

/** What `PUT /clients/{client_id}` takes: the registration less its type and webhook (endpoints have their own forms). */
export type ConsoleClientChange = Omit<ConsoleClientRegistration, 'public' | 'webhook_url'>

/** `PUT /clients/{client_id}`: the client as saved. */
export interface ConsoleClientChanged {
  client: ConsoleClient
}

/** `DELETE /clients/{client_id}`: the client is gone, with every token issued to it. */
export interface ConsoleClientDeleted {
  deleted: string
}

/** `POST /clients`: the new client and its secrets, shown this once. */
export interface ConsoleClientRegistered {
  client: ConsoleClient
  client_secret: string | null
  webhook_secret: string | null
}

/** One attempt to deliver a webhook. */
export interface ConsoleDeliveryAttempt {
  attempted_at: string
  duration_ms: number
  status_code: number | null
  response_excerpt: string | null
  error: string | null
}

/** One webhook delivery, newest first, with its attempts. */
export interface ConsoleDelivery {
  id: string
  event_id: string
  event: string
  client_id: string
  /** `held`: queued while its endpoint was disabled, not sent until recovered. */
  state: 'pending' | 'delivered' | 'dead' | 'held'
  attempts: number
  url: string
  /** The endpoint it went to (`ep_…`); null for one queued before its client had endpoints. */
  endpoint_id: string | null
  next_attempt_at: string
  created_at: string
  delivered_at: string | null
  attempt_log: ConsoleDeliveryAttempt[]
}

/** A header of a request or an answer, its name as written. */
export type ConsoleHeader = [name: string, value: string]

/** One attempt at a delivery in full: what was sent and what came back. */
export interface ConsoleAttemptDetail {
  attempted_at: string
  duration_ms: number
  status_code: number | null
  /** Why it failed, in words; null when it was delivered. */
  error: string | null
  /** As sent, signatures included; null when none was sent (refused before connecting) or for attempts from before svc kept them. */
  request: { headers: ConsoleHeader[]; body: string } | null
  /** Null when no answer came. `body` is at most its first 4 KB; `truncated` says more came and was dropped. */
  response: { headers: ConsoleHeader[]; body: string; truncated: boolean } | null
  /** When the next attempt is due; null once delivered or when no retry is left. */
  next_attempt_at: string | null
}

/** `GET /clients/{client_id}/deliveries/{id}`: one delivery with every attempt in full. */
export interface ConsoleDeliveryDetail {
  delivery: Omit<ConsoleDelivery, 'attempt_log'>
  attempts: ConsoleAttemptDetail[]
}

/** `POST …/webhook-endpoints/{endpoint_id}/test`: the `ping` delivery queued, to follow in the log. */
export interface ConsoleTestEventSent {
  delivery_id: string
}

/** An active signing secret: `number` counts every secret its endpoint had; `fingerprint` starts the secret's SHA-256. */
export interface ConsoleWebhookSecret {
  id: number
  number: number
  fingerprint: string
  created_at: string
}

/** One of a client's webhook endpoints. */
export interface ConsoleWebhookEndpoint {
  /** `ep_…` */
  id: string
  url: string
  description: string
  /** `['*']`: every event; else the chosen event names. */
  events: string[]
  enabled: boolean
  disabled_at: string | null
  disabled_reason: string | null
  created_at: string
  secrets: ConsoleWebhookSecret[]
  /** Its newest delivery's state and time, or null before its first. */
  last_delivery: { state: 'pending' | 'delivered' | 'dead' | 'held'; created_at: string } | null
  /** The start of the first failed attempt since its last success; null while its last attempt succeeded. */
  failing_since: string | null
  /** Where a recovery should start: a minute before it began failing (or was disabled), or null when neither. */
  recover_from: string | null
  /** True when svc disabled it after failing for `disable_after` (`disabled_reason` `failing`). */
  disabled_for_failing: boolean
  /** How long an endpoint may fail before svc disables it, in words (`5 days`; `SVC_WEBHOOK_DISABLE_AFTER`). */
  disable_after: string
  /** Set when svc's sender will refuse the URL's address: why, and the setting that allows it (in the client's page, not in a save's answer). */
  warning?: string
}

/** `GET /clients/{client_id}`. */
export interface ConsoleClientDetail {
  client: ConsoleClient
  /** Oldest first. */
  webhook_endpoints: ConsoleWebhookEndpoint[]
  /** Every event an endpoint may subscribe to, in the catalogue's order. */
  webhook_events: string[]
  deliveries: ConsoleDelivery[]
}

/** What `POST /clients/{client_id}/webhook-endpoints` and `PUT …/{endpoint_id}` take; `events` absent, empty or `['*']`: every event. */
export interface ConsoleWebhookEndpointForm {
  url: unknown
  description?: unknown
  events?: unknown
}

/** `POST /clients/{client_id}/webhook-endpoints`: the endpoint and its signing secret, this once. */
export interface ConsoleWebhookEndpointAdded {
  endpoint: ConsoleWebhookEndpoint
  webhook_secret: string
  /** Set when svc's sender will refuse the URL's address (saved all the same): why, and the setting that allows it. */
  warning?: string
}

/** `PUT …/webhook-endpoints/{endpoint_id}`, `POST …/disable` and `POST …/enable`: the endpoint as saved. */
export interface ConsoleWebhookEndpointSaved {
  endpoint: ConsoleWebhookEndpoint
  /** As for {@link ConsoleWebhookEndpointAdded}; only on saving a change. */
  warning?: string
  /** `POST …/enable` with `recover_since`, and `POST …/recover`: how many failed or held deliveries were queued again. */
  recovered_count?: number
}

/** What `POST …/enable` takes (all optional) and `POST …/recover` takes: recover what failed since this ISO 8601 time. */
export interface ConsoleWebhookRecovery {
  recover_since?: unknown
}

/** `DELETE …/webhook-endpoints/{endpoint_id}`. */
export interface ConsoleWebhookEndpointRemoved {
  removed: string
}

/** `POST …/webhook-endpoints/{endpoint_id}/secrets`: the new secret, this once; `POST …/secrets/{id}/reveal`: an active one again. */
export interface ConsoleWebhookSecretAdded {
  id: number
  webhook_secret: string
}

/** `DELETE …/webhook-endpoints/{endpoint_id}/secrets/{id}`. */
export interface ConsoleWebhookSecretRemoved {
  id: number
}

/** `POST /clients/{client_id}/deliveries/replay-dead`. */
export interface ConsoleDeadReplayed {
  replayed_count: number
}

/** `POST /clients/{client_id}/deliveries/{id}/replay`. */
export interface ConsoleDeliveryReplayed {
  replayed: string
}

// ── /console/api/signing-keys ───────────────────────────────────────

export type ConsoleSigningKeyState = 'next' | 'signing' | 'retired' | 'expired' | 'withdrawn'

/** One signing key with its state and the times that matter for it. */
export interface ConsoleSigningKey {
  kid: string
  created_at: string
  signs_from: string
  retired_at: string | null
  withdrawn_at: string | null
  published_until: string | null
  age_days: number
  state: ConsoleSigningKeyState
}

/** `GET /signing-keys`. */
export interface ConsoleSigningKeyList {
  key_set_cache_seconds: number
  keys: ConsoleSigningKey[]
}

/** `POST /signing-keys/rotate` (`{emergency}`): the key left waiting or signing; `created` false when one already waited. */
export interface ConsoleRotation {
  kid: string
  signs_from: string
  created: boolean
}

// ── /console/api/account ────────────────────────────────────────────

/** One live session at svc of the signed-in person, as `GET /account/sessions` lists it. */
export interface ConsoleAccountSession {
  /** What `DELETE /account/sessions/ID` takes. */
  id: number
  /** The browser's family (`Chrome`, `Firefox`…), or null when its User-Agent names none svc knows. */
  browser: string | null
  /** The operating system (`Windows`, `iOS`…), or null when unknown. */
  system: string | null
  /** The User-Agent header it signed in with (at most 512 characters), or null. */
  user_agent: string | null
  signed_in_at: string
  /** When it was last used, to the minute. */
  last_active_at: string
  /** The session this page is open in ("This device"). */
  current: boolean
}

/** `GET /account/sessions`: the person's live sessions, the most recently used first. */
export interface ConsoleAccountSessions {
  sessions: ConsoleAccountSession[]
}

/** `POST /account/sessions/sign-out-others`: how many sessions ended. */
export interface ConsoleOtherSessionsEnded {
  ended: number
}

/** `GET /account`: the profile, connected applications, linked accounts and the providers one may link. */
export interface ConsoleAccount {
  profile: {
    sub: string
    email: string
    name: string
    given_name: string | null
    family_name: string | null
    picture: string | null
    /** The address the account moves to once the mailed link is followed, or null. */
    pending_email: string | null
    /** False for an account that signs in with passkeys only: the page offers to set a password, not to change one. */
    has_password: boolean
  }
  apps: { client_id: string; name: string; scopes: string[]; granted_at: string }[]
  links: { slug: string; name: string; email: string | null; linked_at: string }[]
  providers: { slug: string; name: string }[]
  /** The visitor's language (`ui_locales`, else `Accept-Language`, else `en`), which the page speaks. */
  locale: string
  /** The page's words in that language; `{name}` placeholders are the page's to fill. */
  words: AccountWords
  /** Set while an operator requires a second factor and this sign-in used one: what the page says at its top, in its language. */
  second_factor_required?: { heading: string; text: string; sign_in_again: string } | null
}

/** `POST /account/delete`. */
export interface ConsoleAccountDeleted {
  deleted: string
}

// ── /console/api/people ─────────────────────────────────────────────

/** One account, with the role the console gives it and its state. */
export interface ConsolePerson {
  sub: string
  name: string
  email: string
  role: 'operator' | 'admin' | 'marketer' | 'developer' | 'none'
  /** The role in their organisation, beneath operator (for an operator, what they keep if unmade). */
  organisation_role: 'admin' | 'marketer' | 'developer' | 'none'
  email_verified: boolean
  /** `invited`: the invitation is not accepted yet; `unconfirmed`: signed up, the mailed link not followed; `disabled`: signs in nowhere. */
  state: 'active' | 'invited' | 'unconfirmed' | 'disabled'
  /** The organisation the account belongs to, or null. */
  organisation: { code: string; name: string } | null
  /** True for the viewer's own account (which they may not disable or remove). */
  you: boolean
  /** The second factors the account holds: a passkey, an authenticator app (without either, a required second factor stops them). */
  second_factor?: { passkey: boolean; authenticator: boolean }
}

/** GET and PUT `/console/api/second-factor` (operators): whether console roles need a second factor. */
export interface ConsoleSecondFactorRequirement {
  required: boolean
  /** The operator's own sign-in used a second factor (or a passkey): false means turning it on is refused. */
  you_signed_in_with_second_factor: boolean
}

/** GET `?q=&organisation=&page=`: one page of the people the viewer manages, by e-mail address. */
export interface ConsolePeople {
  /** The organisation shown; null when an operator sees everyone. */
  organisation: string | null
  people: ConsolePerson[]
  /** How many people the search finds, over every page. */
  total: number
  page: number
  per_page: number
  /** The roles the viewer may give in an invitation, highest first (an admin's: admin, marketer). */
  invitable_roles: ('admin' | 'marketer' | 'developer')[]
}

/** POST `/people/SUB/role` `{role?, operator?}`, and every other POST `/people/SUB/ACTION`: the person as they are now. */
export interface ConsolePersonChanged {
  person: ConsolePerson
}

/** POST `{email, name?, role, organisation?}`: the invited account. */
export interface ConsoleInvited {
  sub: string
  invited: string
}
