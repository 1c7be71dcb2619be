/**
 * @module A client's webhook delivery log as a table (stacked rows on a
 * narrow screen): each delivery's event, endpoint, state and attempts,
 * with a Replay button each, and below each a row opening its attempts in
 * full (`<svc-delivery-detail>`).
 */
import { css, html, nothing, type TemplateResult } from 'lit'
import type { ConsoleDelivery, ConsoleWebhookEndpoint } from '../../../shared/console-wire.js'
import { readableTime } from '../../../shared/local-date-time.js'
import { deliveryStateInWords } from './client-webhook-endpoints.js'
import './svc-delivery-detail.js'

/** The detail row sits under its delivery: one card with it on a narrow screen. */
export const deliveryStyles = css`
  tr.delivery > td {
    border-bottom: none;
  }
  /* Sized by the table, never sizing it: a long body would widen every column (width 0 adds nothing, min-width fills the cell). */
  tr.delivery-detail svc-delivery-detail {
    width: 0;
    min-width: 100%;
  }
  @media (max-width: 40rem) {
    table.stacked tr.delivery {
      border-bottom: none;
      border-radius: 6px 6px 0 0;
      margin-bottom: 0;
    }
    table.stacked tr.delivery-detail {
      border-top: none;
      border-radius: 0 0 6px 6px;
    }
  }
`

/**
 * The deliveries, newest first, or a line saying there are none; `replay`
 * is called with the one to send again. Given its client's id, each
 * delivery can be opened in full.
 *
 * @example
 * deliveriesTable(detail.deliveries, (delivery) => this.replay(delivery), detail.webhook_endpoints, client.client_id)
 */
export function deliveriesTable(
  deliveries: ConsoleDelivery[],
  replay: (delivery: ConsoleDelivery) => void,
  endpoints: readonly Pick<ConsoleWebhookEndpoint, 'id' | 'url'>[] = [],
  clientId = '',
): TemplateResult {
  // An endpoint removed since is named by the URL the delivery went to.
  const endpointOf = (delivery: ConsoleDelivery) => endpoints.find((endpoint) => endpoint.id === delivery.endpoint_id)?.url ?? delivery.url
  if (deliveries.length === 0) return html`<p>No deliveries yet.</p>`
  return html`<table class="stacked">
    <thead>
      <tr>
        <th scope="col">Event</th>
        <th scope="col">Endpoint</th>
        <th scope="col">Created</th>
        <th scope="col">State</th>
        <th scope="col">Attempts</th>
        <th scope="col">Actions</th>
      </tr>
    </thead>
    <tbody>
      ${deliveries.map(
        (delivery) =>
          html`<tr class="delivery">
            <td data-label="Event">${delivery.event}<br /><code class="hint">${delivery.id}</code></td>
            <td data-label="Endpoint"><span dir="auto" class="url">${endpointOf(delivery)}</span></td>
            <td data-label="Created">${readableTime(delivery.created_at, { seconds: true })}</td>
            <td data-label="State" class="words">${deliveryStateInWords(delivery.state)}</td>
            <td data-label="Attempts">
              <ol class="attempts">
                ${delivery.attempt_log.map(
                  (attempt) =>
                    html`<li>
                      ${new Date(attempt.attempted_at).toLocaleTimeString()}: ${attempt.status_code ?? attempt.error ?? 'no answer'}
                      (${attempt.duration_ms} ms)
                    </li>`,
                )}
              </ol>
            </td>
            <td data-label="Actions" class="words">
              <button type="button" aria-label="Replay ${delivery.event} ${delivery.id}" @click=${() => replay(delivery)}>Replay</button>
            </td>
          </tr>
          ${clientId
            ? html`<tr class="delivery-detail">
                <td colspan="6">
                  <svc-delivery-detail client-id=${clientId} delivery-id=${delivery.id} label="${delivery.event} ${delivery.id}"></svc-delivery-detail>
                </td>
              </tr>`
            : nothing}`,
      )}
    </tbody>
  </table>`
}
