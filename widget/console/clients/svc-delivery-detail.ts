/**
 * @module `<svc-delivery-detail>`: one webhook delivery's attempts in full,
 * behind a button in the delivery log: for each attempt its time,
 * duration, status and error, the next retry under the last one, the request as sent (headers,
 * and the body as pretty JSON) and the answer (headers, and the first
 * 4 KB of its body as text, marked when the rest was dropped). Loaded when
 * first opened, as one attempt may hold kilobytes. Long bodies wrap and
 * scroll inside their box, never the page; text of either direction reads
 * as written.
 */
import { css, html, LitElement, nothing, type TemplateResult } from 'lit'
import type { ConsoleAttemptDetail, ConsoleDeliveryDetail, ConsoleHeader } from '../../../shared/console-wire.js'
import { readableTime } from '../../../shared/local-date-time.js'
import { consoleApi } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { consoleStyles } from '../console-styles.js'

/** A JSON body indented for reading; anything else as it came. */
function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

const headerLines = (headers: readonly ConsoleHeader[]) => headers.map(([name, value]) => `${name}: ${value}`).join('\n')

/**
 * What follows a delivery's last attempt, in words, by the delivery's
 * state now (an earlier attempt's plan may since have changed: held, then
 * recovered); `undefined` for a delivered one, which has nothing next.
 */
function nextRetry(delivery: ConsoleDeliveryDetail['delivery']): string | undefined {
  switch (delivery.state) {
    case 'pending':
      return readableTime(delivery.next_attempt_at, { seconds: true })
    case 'held':
      return 'held until the endpoint is recovered'
    case 'dead':
      return 'no more retries'
    default:
      return undefined
  }
}

/**
 * A delivery's attempts in full, loaded on first opening.
 *
 * @summary `<svc-delivery-detail client-id="cli_…" delivery-id="5f0c…" label="ping 5f0c…">`
 */
export class SvcDeliveryDetail extends LitElement {
  // The console's styles for its button, so "Show detail" looks like the page's other secondary buttons.
  static override styles = [
    consoleStyles,
    css`
      :host {
        display: block;
        min-width: 0;
      }
      .attempt {
        border: 1px solid #d0d7de;
        border-radius: 6px;
        padding: 0.5rem 0.75rem;
        margin: 0.5rem 0;
        min-width: 0;
      }
      h4,
      h5 {
        margin: 0.25rem 0;
      }
      dl {
        display: grid;
        grid-template-columns: max-content minmax(0, 1fr);
        gap: 0.25rem 1rem;
        margin: 0.25rem 0 0.5rem;
      }
      dt {
        font-weight: 600;
      }
      dd {
        margin: 0;
        overflow-wrap: anywhere;
      }
      pre {
        margin: 0.25rem 0 0.5rem;
        padding: 0.5rem;
        background: #f6f8fa;
        border-radius: 4px;
        max-height: 20rem;
        overflow: auto;
        white-space: pre-wrap;
        overflow-wrap: anywhere;
        font-size: 0.85rem;
      }
      /* Each line of an answer reads in its own direction (an Arabic error, then an English one). */
      pre.text {
        unicode-bidi: plaintext;
        text-align: start;
      }
      .hint {
        color: #57606a;
        font-size: 0.9rem;
      }
      .error {
        color: #a40e26;
      }
    `,
  ]

  static override properties = {
    clientId: { attribute: 'client-id' },
    deliveryId: { attribute: 'delivery-id' },
    label: {},
    open: { state: true },
  }

  declare clientId: string
  declare deliveryId: string
  /** Names the delivery on the button for screen readers (the event and id). */
  declare label: string
  declare open: boolean

  private readonly detail = new ConsoleDataController(this, (signal) =>
    consoleApi<ConsoleDeliveryDetail>('GET', `/clients/${this.clientId}/deliveries/${this.deliveryId}`, { signal }),
  )

  constructor() {
    super()
    this.clientId = ''
    this.deliveryId = ''
    this.label = ''
    this.open = false
  }

  private toggle(): void {
    this.open = !this.open
    // Each opening asks again: a pending delivery may have been attempted since.
    if (this.open) void this.detail.load({ fresh: true })
  }

  override render(): TemplateResult {
    return html`<button
        type="button"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls="panel"
        aria-label="${this.open ? 'Hide' : 'Show'} the attempts of ${this.label || this.deliveryId} in full"
        @click=${this.toggle}
      >
        ${this.open ? 'Hide detail' : 'Show detail'}
      </button>
      <div id="panel" part="panel" ?hidden=${!this.open}>
        ${this.open ? this.detail.view('Loading the attempts…', (detail) => this.attempts(detail)) : nothing}
      </div>`
  }

  private attempts({ delivery, attempts }: ConsoleDeliveryDetail): TemplateResult {
    if (attempts.length === 0)
      return html`<p class="hint">
        ${delivery.state === 'held' ? 'Not attempted: held until the endpoint is recovered.' : 'Not attempted yet: it is queued and goes out in a moment.'}
      </p>`
    // Only the last attempt says what comes next: the delivery's state tells it.
    const next = nextRetry(delivery)
    return html`${attempts.map((attempt, index) => this.attempt(attempt, index + 1, index === attempts.length - 1 ? next : undefined))}`
  }

  private attempt(attempt: ConsoleAttemptDetail, number: number, next: string | undefined): TemplateResult {
    const { request, response } = attempt
    return html`<section class="attempt" aria-label="Attempt ${number}">
      <h4>Attempt ${number} · ${readableTime(attempt.attempted_at, { seconds: true })}</h4>
      <dl>
        <dt>Duration</dt>
        <dd>${attempt.duration_ms} ms</dd>
        <dt>Status</dt>
        <dd>${attempt.status_code ?? 'no answer'}</dd>
        ${
          attempt.error
            ? html`<dt>Error</dt>
                <dd class="error" dir="auto">${attempt.error}</dd>`
            : nothing
        }
        ${
          next === undefined
            ? nothing
            : html`<dt>Next retry</dt>
                <dd>${next}</dd>`
        }
      </dl>
      <h5>Request</h5>
      ${
        request
          ? html`<pre class="text" aria-label="Request headers">${headerLines(request.headers)}</pre>
              <pre dir="ltr" aria-label="Request body">${prettyBody(request.body)}</pre>`
          : html`<p class="hint">Not kept: nothing was sent (refused before connecting), or svc did not keep requests yet.</p>`
      }
      <h5>Response</h5>
      ${
        response
          ? html`<pre class="text" aria-label="Response headers">${headerLines(response.headers)}</pre>
              <pre class="text" aria-label="Response body">${response.body}</pre>
              ${response.truncated ? html`<p class="hint">Truncated: only the first 4 KB of the answer are kept.</p>` : nothing}`
          : html`<p class="hint">No answer.</p>`
      }
    </section>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-delivery-detail': SvcDeliveryDetail
  }
}

if (!customElements.get('svc-delivery-detail')) customElements.define('svc-delivery-detail', SvcDeliveryDetail)
