/**
 * @module The API tokens page's list: newest first, each token's name
 * and first characters, what it may do in words, who made it, when it was
 * made, expires and was last used, its state and a Revoke button.
 */
import { html, nothing, type TemplateResult } from 'lit'
import { type ConsoleManagementToken, scopeInWords } from '../../../shared/management-tokens-wire.js'
import { readableTime } from '../../../shared/local-date-time.js'

const STATE_WORDS: Record<ConsoleManagementToken['state'], string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' }

/** "Name (e-mail)" as a name with its address on a line of its own, so neither breaks mid-word. */
function creator(words: string) {
  const [, name, address] = /^(.*) \(([^()]+@[^()]+)\)$/.exec(words) ?? []
  return name && address ? html`<bdi>${name}</bdi><div class="hint address"><bdi>${address}</bdi></div>` : html`<bdi>${words}</bdi>`
}

/**
 * The table of tokens; `revoke` is called with the token whose Revoke was pressed.
 *
 * @example
 * tokenTable(tokens, (token) => this.revoke(token))
 */
export function tokenTable(tokens: ConsoleManagementToken[], revoke: (token: ConsoleManagementToken) => void): TemplateResult {
  return html`<table class="stacked">
    <caption class="visually-hidden">
      Tokens, newest first
    </caption>
    <thead>
      <tr>
        <th scope="col">Name</th>
        <th scope="col">May</th>
        <th scope="col">Created by</th>
        <th scope="col">Created</th>
        <th scope="col">Expires</th>
        <th scope="col">Last used</th>
        <th scope="col">State</th>
      </tr>
    </thead>
    <tbody>
      ${tokens.map(
        (token) =>
          html`<tr>
            <td data-label="Name">
              <bdi>${token.name}</bdi>
              <div class="hint"><code>${token.prefix}…</code></div>
            </td>
            <td data-label="May">
              <ul class="token-scopes">
                ${token.scopes.map((scope) => html`<li>${scopeInWords(scope)}</li>`)}
              </ul>
            </td>
            <td data-label="Created by">${creator(token.created_by)}</td>
            <td data-label="Created">${readableTime(token.created_at)}</td>
            <td data-label="Expires">${token.expires_at === null ? 'Never' : readableTime(token.expires_at)}</td>
            <td data-label="Last used">${token.last_used_at === null ? 'Never' : readableTime(token.last_used_at)}</td>
            <td data-label="State">
              ${STATE_WORDS[token.state]}
              ${
                token.state === 'revoked'
                  ? nothing
                  : html`<div class="revoke">
                      <button type="button" class="danger" aria-label="Revoke ${token.name}" @click=${() => revoke(token)}>Revoke</button>
                    </div>`
              }
            </td>
          </tr>`,
      )}
    </tbody>
  </table>`
}
