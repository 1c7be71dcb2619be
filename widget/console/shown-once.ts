/**
 * @module The box that shows new secrets (a client's secret, a webhook
 * secret, an API key) the one time the server gives them out, each with
 * a Copy button.
 */
import { html, nothing, type TemplateResult } from 'lit'
import './svc-copy-button.js'

/**
 * The secrets by name, in a box announced when it appears; nothing when there are none.
 *
 * @example
 * shownOnce({ 'Client id': 'cli_…', 'Client secret': '…' })
 */
export function shownOnce(secrets: Record<string, string>): TemplateResult | typeof nothing {
  if (Object.keys(secrets).length === 0) return nothing
  return html`<div role="status" class="shown-once">
    <p>Copy these now; the secrets are shown this once.</p>
    <dl>
      ${Object.entries(secrets).map(
        ([name, value]) =>
          html`<dt>${name}</dt>
            <dd><code>${value}</code> <svc-copy-button .value=${value} label="Copy ${name.toLowerCase()}"></svc-copy-button></dd>`,
      )}
    </dl>
  </div>`
}
