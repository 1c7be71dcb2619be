/**
 * @module `<svc-console-keys>`: an organisation's API keys, for its admin:
 * create one (shown once, with its allowed origins and rate limit) and
 * revoke one.
 */
import { html, LitElement, nothing, type TemplateResult } from 'lit'
import { consoleStyles } from './console-styles.js'
import { consoleApi, ConsoleApiError, type ConsoleMe } from './console-api.js'

interface ListedKey {
  id: number
  key_prefix: string
  origins: string[]
  rate_limit: number
  created_at: string
  revoked_at: string | null
}

/**
 * The API keys page.
 *
 * @summary `<svc-console-keys .me=${me}>`
 */
export class SvcConsoleKeys extends LitElement {
  static override styles = consoleStyles
  static override properties = {
    me: { attribute: false },
    keys: { state: true },
    created: { state: true },
    errors: { state: true },
    problem: { state: true },
  }
  declare me: ConsoleMe
  declare keys: ListedKey[] | undefined
  declare created: string
  declare errors: Record<string, string>
  declare problem: string
  private organisation = ''

  constructor() {
    super()
    this.keys = undefined
    this.created = ''
    this.errors = {}
    this.problem = ''
  }

  override connectedCallback(): void {
    super.connectedCallback()
    this.organisation = this.me.roles.organisation ?? this.me.organisations[0]?.code ?? ''
    void this.load()
  }

  private async load(): Promise<void> {
    try {
      this.keys = (await consoleApi<{ keys: ListedKey[] }>('GET', `/keys?organisation=${encodeURIComponent(this.organisation)}`)).keys
    } catch (error) {
      this.problem = (error as Error).message
    }
  }

  private async create(event: Event): Promise<void> {
    event.preventDefault()
    // The event's target is gone once it has been dispatched.
    const element = event.target as HTMLFormElement
    const form = new FormData(element)
    try {
      const { api_key } = await consoleApi<{ api_key: string }>('POST', '/keys', {
        organisation: this.organisation,
        origins: String(form.get('origins') ?? ''),
        rate_limit: String(form.get('rate_limit') ?? ''),
      })
      this.created = api_key
      this.errors = {}
      element.reset()
      await this.load()
    } catch (error) {
      if (error instanceof ConsoleApiError) this.errors = error.fields
      this.problem = (error as Error).message
    }
  }

  private async revoke(key: ListedKey): Promise<void> {
    if (!confirm(`Revoke the key ${key.key_prefix}…? Sites using it stop getting ads at once.`)) return
    await consoleApi('DELETE', `/keys/${key.id}`)
    await this.load()
  }

  override render(): TemplateResult {
    return html`
      <h1>API keys</h1>
      ${
        this.me.roles.operator && !this.me.roles.organisation
          ? html`<div class="field" style="max-width:24rem">
              <label for="organisation">Organisation</label>
              <select
                id="organisation"
                @change=${(event: Event) => {
                  this.organisation = (event.target as HTMLSelectElement).value
                  void this.load()
                }}
              >
                ${this.me.organisations.map((org) => html`<option value=${org.code}>${org.name} (${org.code})</option>`)}
              </select>
            </div>`
          : nothing
      }
      ${
        this.created
          ? html`<div role="status" style="background:#dafbe1;padding:.75rem;border-radius:6px;margin-bottom:1rem">
              New key, shown this once: <code id="new-key">${this.created}</code>
            </div>`
          : nothing
      }
      ${this.problem && !Object.keys(this.errors).length ? html`<p role="alert">${this.problem}</p>` : nothing}
      <form
        @submit=${this.create}
        aria-label="New API key"
        style="max-width:36rem;background:#fff;padding:1rem;border:1px solid #d0d7de;border-radius:6px;margin-bottom:1.5rem"
      >
        <div class="field">
          <label for="origins">Allowed origins</label>
          <input
            id="origins"
            name="origins"
            placeholder="https://www.example.com https://shop.example.com"
            aria-describedby="origins-hint${this.errors.origins ? ' origins-error' : ''}"
            aria-invalid=${this.errors.origins ? 'true' : 'false'}
          />
          <div class="hint" id="origins-hint">Separated by spaces; empty means any origin.</div>
          ${this.errors.origins ? html`<div class="error" id="origins-error">${this.errors.origins}</div>` : nothing}
        </div>
        <div class="field">
          <label for="rate_limit">Requests a minute</label>
          <input
            id="rate_limit"
            name="rate_limit"
            inputmode="numeric"
            placeholder="600"
            aria-invalid=${this.errors.rate_limit ? 'true' : 'false'}
            aria-describedby=${this.errors.rate_limit ? 'rate-error' : nothing}
          />
          ${this.errors.rate_limit ? html`<div class="error" id="rate-error">${this.errors.rate_limit}</div>` : nothing}
        </div>
        <button type="submit" class="primary">Create key</button>
      </form>
      ${
        this.keys === undefined
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
                ${this.keys.map(
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
