/**
 * @module A client's webhook delivery log as a table (stacked rows on a
 * narrow screen): each delivery's event, endpoint, state and attempts,
 * with a Replay button each.
 */
import { html, type TemplateResult } from 'lit'
import type { ConsoleDelivery, ConsoleWebhookEndpoint } from '../../../shared/console-wire.js'
import { readableTime } from '../../../shared/local-date-time.js'
import { deliveryStateInWords } from './client-webhook-endpoints.js'

/**
 * The deliveries, newest first, or a line saying there are none; `replay` is called with the one to send again.
 *
 * @example
 * deliveriesTable(detail.deliveries, (delivery) => this.replay(delivery))
 */
export function deliveriesTable(
  deliveries: ConsoleDelivery[],
  replay: (delivery: ConsoleDelivery) => void,
  endpoints: readonly Pick<ConsoleWebhookEndpoint, 'id' | 'url'>[] = [],
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
          html`<tr>
            <td data-label="Event">${delivery.event}<br /><code class="hint">${delivery.id}</code></td>
            <td data-label="Endpoint"><span dir="auto" class="url">${endpointOf(delivery)}</span></td>
            <td data-label="Created">${readableTime(delivery.created_at, { seconds: true })}</td>
            <td data-label="State">${deliveryStateInWords(delivery.state)}</td>
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
            <td data-label="Actions">
              <button type="button" aria-label="Replay ${delivery.event} ${delivery.id}" @click=${() => replay(delivery)}>Replay</button>
            </td>
          </tr>`,
      )}
    </tbody>
  </table>`
}
