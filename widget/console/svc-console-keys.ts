/**
 * @module `<svc-console-keys>`: an organisation's API keys, for its admin:
 * create one (shown once, with its allowed origins and rate limit) and
 * revoke one. Choosing another organisation aborts the list still loading
 * for the one before.
 */
import { html, LitElement, nothing, type TemplateResult } from 'lit'
import type { ConsoleApiKey, ConsoleApiKeyCreated, ConsoleApiKeyInput, ConsoleApiKeyList } from '../../shared/console-wire.js'
import { consoleApi, type ConsoleMe } from './console-api.js'
import { ConsoleDataController } from './console-data-controller.js'
import { field } from './console-field.js'
import { consoleStyles } from './console-styles.js'

/**
 * The API keys page.
 *
 * @summary `<svc-console-keys .me=${me}>`
 */
export class SvcConsoleKeys extends LitElement {
  static override styles = consoleStyles
  static override properties = { me: { attribute: false }, created: { state: true } }
  declare me: ConsoleMe
  declare created: string
  private organisation = ''
  private readonly keys = new ConsoleDataController(
    this,
    async (signal) =>
      (await consoleApi<ConsoleApiKeyList>('GET', `/keys?organisation=${encodeURIComponent(this.organisation)}`, { signal })).keys,
  )

  constructor() {
    super()
    this.created = ''
  }

  override connectedCallback(): void {
    super.connectedCallback()
    this.organisation = this.me.roles.organisation ?? this.me.organisations[0]?.code ?? ''
    void this.keys.load()
  }

  private create(event: Event): void {
    event.preventDefault()
    // The event's target is gone once it has been dispatched.
    const element = event.target as HTMLFormElement
    const form = new FormData(element)
    const input: ConsoleApiKeyInput = {
      organisation: this.organisation,
      origins: String(form.get('origins') ?? ''),
      rate_limit: String(form.get('rate_limit') ?? ''),
    }
    void this.keys.act(async (signal) => {
      this.created = (await consoleApi<ConsoleApiKeyCreated>('POST', '/keys', { body: input, signal })).api_key
      element.reset()
    })
  }

  private revoke(key: ConsoleApiKey): void {
    if (!confirm(`Revoke the key ${key.key_prefix}…? Sites using it stop getting ads at once.`)) return
    void this.keys.act((signal) => consoleApi('DELETE', `/keys/${key.id}`, { signal }))
  }

  private chooseOrganisation(event: Event): void {
    this.organisation = (event.target as HTMLSelectElement).value
    // A newer organisation's list replaces the one still loading.
    void this.keys.load({ fresh: true })
  }

  override render(): TemplateResult {
    const keys = this.keys.data
    const { errors } = this.keys
    return html`
      <h1>API keys</h1>
      ${
        this.me.roles.operator && !this.me.roles.organisation
          ? html`<div class="organisation-picker">
              ${field(
                { id: 'organisation', label: 'Organisation' },
                (a) =>
                  html`<select id=${a.id} @change=${this.chooseOrganisation}>
                    ${this.me.organisations.map((org) => html`<option value=${org.code}>${org.name} (${org.code})</option>`)}
                  </select>`,
              )}
            </div>`
          : nothing
      }
      ${
        this.created
          ? html`<div role="status" class="shown-once">New key, shown this once: <code id="new-key">${this.created}</code></div>`
          : nothing
      }
      ${this.keys.alert()}
      <form @submit=${this.create} aria-label="New API key" class="panel new-key">
        ${field(
          { id: 'origins', label: 'Allowed origins', hint: 'Separated by spaces; empty means any origin.', error: errors.origins },
          (a) =>
            html`<input
              id=${a.id}
              name="origins"
              placeholder="https://www.example.com https://shop.example.com"
              aria-invalid=${a.invalid}
              aria-describedby=${a.describedBy}
            />`,
        )}
        ${field(
          { id: 'rate_limit', label: 'Requests a minute', error: errors.rate_limit },
          (a) =>
            html`<input
              id=${a.id}
              name="rate_limit"
              inputmode="numeric"
              placeholder="600"
              aria-invalid=${a.invalid}
              aria-describedby=${a.describedBy}
            />`,
        )}
        <button type="submit" class="primary">Create key</button>
      </form>
      ${
        keys === undefined
          ? html`<p>Loading keys…</p>`
          : html`<table>
              <thead>
                <tr>
                  <th scope="col">Key</th>
                  <th scope="col">Allowed origins</th>
                  <th scope="col">Per minute</th>
                  <th scope="col">Created</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                ${keys.map(
                  (key) =>
                    html`<tr>
                      <td><code>${key.key_prefix}…</code></td>
                      <td>${key.origins.length ? key.origins.join(', ') : 'any'}</td>
                      <td>${key.rate_limit}</td>
                      <td>${new Date(key.created_at).toLocaleString()}</td>
                      <td>
                        ${
                          key.revoked_at
                            ? 'Revoked'
                            : html`<button
                                type="button"
                                class="danger"
                                aria-label="Revoke ${key.key_prefix}"
                                @click=${() => this.revoke(key)}
                              >
                                Revoke
                              </button>`
                        }
                      </td>
                    </tr>`,
                )}
              </tbody>
            </table>`
      }
    `
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-keys': SvcConsoleKeys
  }
}

if (!customElements.get('svc-console-keys')) customElements.define('svc-console-keys', SvcConsoleKeys)
