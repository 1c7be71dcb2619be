/**
 * @module A client's webhook endpoints in the developer portal: the list
 * (URL, description, events, enabled, last delivery, signing secrets),
 * and the endpoint form (URL, description, every event or chosen ones)
 * used to add one and to edit one. Rendering only: the client page
 * (`svc-console-client-detail.ts`) owns the data and the actions.
 */
import { css, html, nothing, type TemplateResult } from 'lit'
import type { ConsoleWebhookEndpoint, ConsoleWebhookEndpointForm, ConsoleWebhookSecret } from '../../../shared/console-wire.js'
import { readableTime } from '../../../shared/local-date-time.js'
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
  .endpoints .secrets {
    padding-inline-start: 1.25rem;
  }
  .events .check {
    display: block;
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
  endpoint.last_delivery ? `${endpoint.last_delivery.state}, ${readableTime(endpoint.last_delivery.created_at)}` : 'none yet'

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
 * The list of endpoints, or a line saying there is none; `editing` is the
 * id of the endpoint whose form is open; `warnings` by endpoint id, those
 * the last save answered (an address the sender will refuse).
 *
 * @example
 * endpointList(detail.webhook_endpoints, actions, (endpoint) => endpointForm({ endpoint, … }), this.editing, this.warnings)
 */
export function endpointList(
  endpoints: readonly ConsoleWebhookEndpoint[],
  actions: EndpointActions,
  editForm: (endpoint: ConsoleWebhookEndpoint) => TemplateResult,
  editing: string,
  warnings: Readonly<Record<string, string>> = {},
): TemplateResult {
  if (endpoints.length === 0) return html`<p>No endpoints yet: add one below to receive this client's events.</p>`
  return html`<ul class="endpoints">
    ${endpoints.map(
      (endpoint) =>
        html`<li class="panel endpoint" aria-label="Endpoint ${endpoint.url}">
          <p><strong dir="auto" class="url">${endpoint.url}</strong> ${endpoint.enabled ? html`<span class="badge">Enabled</span>` : html`<span class="badge off">Disabled</span>`}</p>
          ${warnings[endpoint.id] ? html`<p class="warning" role="note">Warning: ${warnings[endpoint.id]}</p>` : nothing}
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
                  <dd dir="auto">${readableTime(endpoint.disabled_at!)}${endpoint.disabled_reason ? `: ${endpoint.disabled_reason}` : ''}</dd>`}
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
            <button type="button" aria-label="${endpoint.enabled ? 'Disable' : 'Enable'} ${endpoint.url}" @click=${() => actions.toggle(endpoint)}>
              ${endpoint.enabled ? 'Disable' : 'Enable'}
            </button>
            <button type="button" aria-label="Rotate the secret of ${endpoint.url}" @click=${() => actions.rotate(endpoint)}>Rotate secret</button>
            ${endpoint.enabled
              ? html`<button type="button" aria-label="Send a test event to ${endpoint.url}" @click=${() => actions.test(endpoint)}>Send test event</button>`
              : nothing}
            <button type="button" class="danger" aria-label="Remove ${endpoint.url}" @click=${() => actions.remove(endpoint)}>Remove</button>
          </p>
          ${editing === endpoint.id ? editForm(endpoint) : nothing}
        </li>`,
    )}
  </ul>`
}
