/**
 * @module A client's webhook endpoints in the developer portal: the list
 * (URL, description, events, enabled, last delivery, signing secrets),
 * the endpoint form (URL, description, every event or chosen ones)
 * used to add one and to edit one, the banner of an endpoint the sender
 * disabled after days of failures, and the form that enables an endpoint
 * and recovers what failed since a time. Rendering only: the client page
 * (`svc-console-client-detail.ts`) owns the data and the actions.
 */
import { css, html, nothing, type TemplateResult } from 'lit'
import type { ConsoleWebhookEndpoint, ConsoleWebhookEndpointForm, ConsoleWebhookSecret } from '../../../shared/console-wire.js'
import { localInputValue, readableTime } from '../../../shared/local-date-time.js'
import { CLIENT_URI_MAX } from '../../../shared/field-limits.js'
import { field } from '../console-field.js'

/** The list's own layout, beside the console's styles: cards without bullets, facts in two columns, long URLs wrapped. */
export const endpointStyles = css`
  .endpoints {
    list-style: none;
    padding: 0;
    margin: 0 0 1rem;
    display: grid;
    gap: 0.75rem;
  }
  .endpoints .url {
    overflow-wrap: anywhere;
  }
  .facts {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: 0.25rem 1rem;
    margin: 0.5rem 0;
  }
  .facts dt {
    font-weight: 600;
  }
  .facts dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  /* An id is one word: smaller, it fits a narrow card's line; it breaks only when it still cannot. */
  .facts code {
    font-size: 0.8rem;
    overflow-wrap: break-word;
  }
  /* The outcome of the last action on this endpoint, under its buttons. */
  .endpoints .outcome {
    margin: 0.5rem 0;
  }
  .endpoints .secrets {
    padding-inline-start: 1.25rem;
  }
  .events .check {
    display: block;
  }
  .failing-banner {
    /* Not the green of the page's other status lines: this one asks for action. */
    color: #1f2328;
    border: 1px solid #d1242f;
    border-inline-start-width: 6px;
    background: #fff5f5;
    border-radius: 6px;
    padding: 0.75rem 1rem;
    margin: 0 0 1rem;
    overflow-wrap: anywhere;
  }
  .failing-banner p {
    margin: 0 0 0.5rem;
  }
  .failing-banner strong {
    color: #a40e26;
  }
  .recover-form input[type='datetime-local'] {
    max-width: 100%;
  }
  .endpoints .warning {
    border-inline-start: 4px solid #bf8700;
    background: #fff8c5;
    padding: 0.25rem 0.5rem;
    overflow-wrap: anywhere;
  }
`

/** What the endpoint list's buttons do; the page implements each. */
export interface EndpointActions {
  edit(endpoint: ConsoleWebhookEndpoint): void
  toggle(endpoint: ConsoleWebhookEndpoint): void
  /** Opens (or closes) the form that recovers what failed, enabling the endpoint first when it is disabled. */
  recover(endpoint: ConsoleWebhookEndpoint): void
  remove(endpoint: ConsoleWebhookEndpoint): void
  rotate(endpoint: ConsoleWebhookEndpoint): void
  reveal(endpoint: ConsoleWebhookEndpoint, secret: ConsoleWebhookSecret): void
  removeSecret(endpoint: ConsoleWebhookEndpoint, secret: ConsoleWebhookSecret): void
  /** Sends one `ping` to this endpoint alone. */
  test(endpoint: ConsoleWebhookEndpoint): void
}

const DESCRIPTION_MAX = 200
const ALL = '*'

/** The events an endpoint receives, in words. */
export const eventsInWords = (events: readonly string[]): string => (events.includes(ALL) ? 'All events' : events.join(', '))

const lastDelivery = (endpoint: ConsoleWebhookEndpoint) =>
  endpoint.last_delivery ? `${deliveryStateInWords(endpoint.last_delivery.state)}, ${readableTime(endpoint.last_delivery.created_at)}` : 'none yet'

/**
 * The endpoint form's values as the API takes them.
 *
 * @example
 * const body = endpointFormBody(new FormData(form))
 */
export function endpointFormBody(form: FormData): ConsoleWebhookEndpointForm {
  const chosen = form.getAll('events').map(String)
  return { url: form.get('url'), description: form.get('description') ?? '', events: form.get('all_events') ? [ALL] : chosen }
}

/**
 * The endpoint form: to add one (no `endpoint`) or to edit one. `prefix` keeps ids apart when several are on the page.
 *
 * @example
 * endpointForm({ events: detail.webhook_events, errors, prefix: 'add-', submit: (e) => this.addEndpoint(e) })
 */
export function endpointForm({
  endpoint,
  events,
  errors,
  prefix,
  label,
  submit,
  cancel,
}: {
  endpoint?: ConsoleWebhookEndpoint
  events: readonly string[]
  errors: Record<string, string>
  prefix: string
  label: string
  submit: (event: Event) => void
  cancel?: () => void
}): TemplateResult {
  const all = !endpoint || endpoint.events.includes(ALL)
  return html`<form class="panel endpoint-form" aria-label=${label} @submit=${submit}>
    ${field({ id: `${prefix}url`, label: 'Endpoint URL', error: errors.url, say: { apiNames: ['url'], words: 'The endpoint URL' } }, (a) =>
      html`<input
        id=${a.id}
        name="url"
        type="url"
        dir="auto"
        required
        maxlength=${CLIENT_URI_MAX}
        .value=${endpoint?.url ?? ''}
        aria-invalid=${a.invalid}
        aria-describedby=${a.describedBy}
      />`,
    )}
    ${field(
      {
        id: `${prefix}description`,
        label: 'Description',
        hint: 'Optional: what receives these events, for your team.',
        error: errors.description,
        say: { apiNames: ['description'], words: 'The description' },
      },
      (a) =>
        html`<input
          id=${a.id}
          name="description"
          dir="auto"
          maxlength=${DESCRIPTION_MAX}
          .value=${endpoint?.description ?? ''}
          aria-invalid=${a.invalid}
          aria-describedby=${a.describedBy}
        />`,
    )}
    <fieldset class="events" aria-describedby=${errors.events ? `${prefix}events-error` : nothing}>
      <legend>Events</legend>
      <label class="check"><input type="checkbox" name="all_events" value="1" ?checked=${all} .checked=${all} /> All events, including ones added later</label>
      <div class="hint">Or only these (used when “All events” is not ticked):</div>
      ${events.map(
        (name) =>
          html`<label class="check"
            ><input type="checkbox" name="events" value=${name} .checked=${!all && (endpoint?.events.includes(name) ?? false)} />
            <code>${name}</code></label
          >`,
      )}
      ${errors.events ? html`<div class="error" id="${prefix}events-error">${errors.events}</div>` : nothing}
    </fieldset>
    <button type="submit" class="primary">${endpoint ? 'Save endpoint' : 'Add endpoint'}</button>
    ${cancel ? html`<button type="button" @click=${cancel}>Cancel</button>` : nothing}
  </form>`
}

/**
 * A delivery's state in words: `held` is the sender's word for one kept, unsent, while its endpoint is disabled.
 *
 * @example
 * deliveryStateInWords('held') // 'not sent: endpoint disabled'
 */
export const deliveryStateInWords = (state: string): string => (state === 'held' ? 'not sent: endpoint disabled' : state)


/**
 * The id of an endpoint's failing banner: the anchor of the link in the
 * mail that tells its developers (`server/webhooks/recovery-since.ts`
 * makes the same).
 *
 * @example
 * failingBannerId('ep_6fOe') // 'failing-ep_6fOe'
 */
export const failingBannerId = (endpointId: string): string => `failing-${endpointId}`

/**
 * A banner for each endpoint the sender disabled after failing for days,
 * saying when, and opening the form that enables and recovers it.
 *
 * @example
 * failingBanners(detail.webhook_endpoints, (endpoint) => actions.recover(endpoint))
 */
export function failingBanners(endpoints: readonly ConsoleWebhookEndpoint[], recover: (endpoint: ConsoleWebhookEndpoint) => void): TemplateResult[] {
  return endpoints
    .filter((endpoint) => !endpoint.enabled && endpoint.disabled_for_failing)
    .map(
      (endpoint) =>
        html`<div class="failing-banner" id=${failingBannerId(endpoint.id)} tabindex="-1" role="status" aria-label="Endpoint ${endpoint.url} disabled">
          <p>
            <strong>Endpoint <span dir="auto" class="url">${endpoint.url}</span> was disabled on ${readableTime(endpoint.disabled_at!)} after
              ${endpoint.disable_after} of failed deliveries.</strong>
          </p>
          <p>
            Every delivery to it failed since ${readableTime(endpoint.failing_since ?? endpoint.disabled_at!)}. Its events are kept, not sent. Once it answers again,
            enable it and recover what failed.
          </p>
          <button type="button" class="primary" @click=${() => recover(endpoint)}>Enable and recover…</button>
        </div>`,
    )
}

/**
 * The browser's offset from UTC at a time, as the time-zone label of a
 * `datetime-local` input shows it (`UTC+01:00`); at that time, as summer
 * time may differ from now.
 *
 * @example
 * zoneOffset('2026-11-20T08:00:00Z') // 'UTC+01:00' in Europe/Berlin
 */
export function zoneOffset(at: string | null): string {
  const minutes = -new Date(at ?? Date.now()).getTimezoneOffset()
  const sign = minutes < 0 ? '-' : '+'
  const pad = (n: number) => String(Math.floor(n)).padStart(2, '0')
  return `UTC${sign}${pad(Math.abs(minutes) / 60)}:${pad(Math.abs(minutes) % 60)}`
}

/**
 * The recovery form of one endpoint: the time to recover from (prefilled
 * with when it began failing), and for a disabled endpoint also "Enable
 * only". `submit` gets the chosen time as the browser's local time
 * (empty for "Enable only").
 *
 * @example
 * recoverForm(endpoint, { submit: (since) => …, cancel: () => … })
 */
export function recoverForm(
  endpoint: ConsoleWebhookEndpoint,
  { submit, cancel }: { submit: (localSince: string) => void; cancel: () => void },
): TemplateResult {
  const id = `recover-${endpoint.id}-since`
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault()
    const form = event.target as HTMLFormElement
    const only = (event.submitter as HTMLButtonElement | null)?.value === 'enable-only'
    submit(only ? '' : String(new FormData(form).get('since') ?? ''))
  }
  const byHand = !endpoint.enabled && !endpoint.disabled_for_failing
  return html`<form class="panel recover-form" aria-label="Recover ${endpoint.url}" @submit=${onSubmit}>
    <div class="field">
      <label for=${id}>Recover everything that failed since <span class="zone">(in your time zone, ${zoneOffset(endpoint.recover_from)})</span></label>
      <input id=${id} name="since" type="datetime-local" step="1" required .value=${localInputValue(endpoint.recover_from)} />
      <div class="hint">
        Every delivery to this endpoint since then that failed or was held is queued again oldest first, with the same
        <code>webhook-id</code>; they may arrive out of order, so order by the event's <code>created_at</code>.${byHand
          ? ' Events that came while it was disabled by hand were not kept.'
          : nothing}
      </div>
    </div>
    <button type="submit" class="primary" value="recover">${endpoint.enabled ? 'Recover' : 'Enable and recover'}</button>
    ${endpoint.enabled ? nothing : html`<button type="submit" value="enable-only" formnovalidate>Enable only</button>`}
    <button type="button" @click=${cancel}>Cancel</button>
  </form>`
}

/**
 * The list of endpoints, or a line saying there is none; `editing` is the
 * id of the endpoint whose form is open; `warnings` by endpoint id (an
 * address the sender will refuse); `outcome` what the last action on an
 * endpoint did, shown under its buttons, where the person is looking.
 *
 * @example
 * endpointList(detail.webhook_endpoints, actions, (endpoint) => endpointForm({ endpoint, … }), this.editing, recovery, this.warnings)
 */
export function endpointList(
  endpoints: readonly ConsoleWebhookEndpoint[],
  actions: EndpointActions,
  editForm: (endpoint: ConsoleWebhookEndpoint) => TemplateResult,
  editing: string,
  recovery: { open: string; form: (endpoint: ConsoleWebhookEndpoint) => TemplateResult } = { open: '', form: () => html`` },
  warnings: Readonly<Record<string, string>> = {},
  outcome: (endpoint: ConsoleWebhookEndpoint) => TemplateResult | typeof nothing = () => nothing,
): TemplateResult {
  if (endpoints.length === 0) return html`<p>No endpoints yet: add one below to receive this client's events.</p>`
  return html`<ul class="endpoints">
    ${endpoints.map(
      (endpoint) =>
        html`<li class="panel endpoint" aria-label="Endpoint ${endpoint.url}">
          <p><strong dir="auto" class="url">${endpoint.url}</strong> ${endpoint.enabled ? html`<span class="badge">Enabled</span>` : html`<span class="badge off">Disabled</span>`}</p>
          ${(endpoint.warning ?? warnings[endpoint.id])
            ? html`<p class="warning" role="note">Warning: ${endpoint.warning ?? warnings[endpoint.id]}</p>`
            : nothing}
          ${endpoint.description ? html`<p dir="auto">${endpoint.description}</p>` : nothing}
          <dl class="facts">
            <dt>Events</dt>
            <dd>${eventsInWords(endpoint.events)}</dd>
            <dt>Last delivery</dt>
            <dd>${lastDelivery(endpoint)}</dd>
            <dt>Id</dt>
            <dd><code>${endpoint.id}</code></dd>
            ${endpoint.enabled
              ? nothing
              : html`<dt>Disabled</dt>
                  <dd dir="auto">
                    ${readableTime(endpoint.disabled_at!)}${endpoint.disabled_for_failing
                      ? `: by svc, after ${endpoint.disable_after} of failed deliveries`
                      : endpoint.disabled_reason
                        ? `: ${endpoint.disabled_reason}`
                        : ''}
                  </dd>`}
          </dl>
          <h4>Signing secrets</h4>
          <ul class="secrets">
            ${endpoint.secrets.map(
              (secret) =>
                html`<li>
                  Secret ${secret.number} · fingerprint <code>${secret.fingerprint}</code> · added ${readableTime(secret.created_at)}
                  <button type="button" aria-label="Show secret ${secret.number} of ${endpoint.url}" @click=${() => actions.reveal(endpoint, secret)}>
                    Show
                  </button>
                  ${endpoint.secrets.length > 1
                    ? html`<button
                        type="button"
                        class="danger"
                        aria-label="Remove secret ${secret.number} of ${endpoint.url}"
                        @click=${() => actions.removeSecret(endpoint, secret)}
                      >
                        Remove
                      </button>`
                    : nothing}
                </li>`,
            )}
          </ul>
          <p class="actions">
            <button type="button" aria-label="Edit ${endpoint.url}" @click=${() => actions.edit(endpoint)}>Edit</button>
            <button
              type="button"
              aria-label="${endpoint.enabled ? 'Disable' : 'Enable'} ${endpoint.url}"
              @click=${() => (endpoint.enabled ? actions.toggle(endpoint) : actions.recover(endpoint))}
            >
              ${endpoint.enabled ? 'Disable' : 'Enable…'}
            </button>
            ${endpoint.enabled
              ? html`<button type="button" aria-label="Recover failed deliveries of ${endpoint.url}" @click=${() => actions.recover(endpoint)}>
                  Recover…
                </button>`
              : nothing}
            <button type="button" aria-label="Rotate the secret of ${endpoint.url}" @click=${() => actions.rotate(endpoint)}>Rotate secret</button>
            ${endpoint.enabled
              ? html`<button type="button" aria-label="Send a test event to ${endpoint.url}" @click=${() => actions.test(endpoint)}>Send test event</button>`
              : nothing}
            <button type="button" class="danger" aria-label="Remove ${endpoint.url}" @click=${() => actions.remove(endpoint)}>Remove</button>
          </p>
          ${outcome(endpoint)} ${editing === endpoint.id ? editForm(endpoint) : nothing}
          ${recovery.open === endpoint.id ? recovery.form(endpoint) : nothing}
        </li>`,
    )}
  </ul>`
}
