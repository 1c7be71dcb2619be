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
  const count = Object.keys(secrets).length
  if (count === 0) return nothing
  // Not "secrets": a publishable API key is shown once too.
  return html`<div role="status" class="shown-once">
    <p>${count === 1 ? 'Copy it now: this is the only time it is shown.' : 'Copy them now: this is the only time they are shown.'}</p>
    <dl>
      ${Object.entries(secrets).map(
        ([name, value]) =>
          html`<dt>${name}</dt>
            <dd><code>${value}</code> <svc-copy-button .value=${value} label="Copy ${name.toLowerCase()}"></svc-copy-button></dd>`,
      )}
    </dl>
  </div>`
}
