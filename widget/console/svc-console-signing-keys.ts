/**
 * @module `<svc-console-signing-keys>`: the operator's view of the
 * identity provider's signing keys, with their ages, and rotating now.
 */
import { html, LitElement, nothing, type TemplateResult } from 'lit'
import { consoleStyles } from './console-styles.js'
import { consoleApi } from './console-api.js'

interface SigningKeyRow {
  kid: string
  created_at: string
  age_days: number
  state: 'signing' | 'published' | 'expired'
}

/**
 * The signing keys page.
 *
 * @summary `<svc-console-signing-keys>`
 */
export class SvcConsoleSigningKeys extends LitElement {
  static override styles = consoleStyles
  static override properties = { keys: { state: true }, notice: { state: true } }
  declare keys: SigningKeyRow[] | undefined
  declare notice: string

  constructor() {
    super()
    this.keys = undefined
    this.notice = ''
  }

  override connectedCallback(): void {
    super.connectedCallback()
    void this.load()
  }

  private async load(): Promise<void> {
    this.keys = (await consoleApi<{ keys: SigningKeyRow[] }>('GET', '/signing-keys')).keys
  }

  private async rotate(): Promise<void> {
    if (!confirm('Make a new signing key now? The current one stays published until what it signed expires.')) return
    const { kid } = await consoleApi<{ kid: string }>('POST', '/signing-keys/rotate', {})
    this.notice = `New signing key ${kid}.`
    await this.load()
  }

  override render(): TemplateResult {
    return html`
      <h1>Signing keys</h1>
      <p class="hint">A new key is made every 90 days; a retired key stays published for 91 days so that what it signed keeps verifying.</p>
      ${this.notice ? html`<p role="status">${this.notice}</p>` : nothing}
      <p><button type="button" class="primary" @click=${this.rotate}>Rotate now</button></p>
      ${
        this.keys === undefined
          ? html`<p>Loading keys…</p>`
          : html`<table>
              <thead>
                <tr>
                  <th scope="col">Key id</th>
                  <th scope="col">Created</th>
                  <th scope="col">Age</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                ${this.keys.map(
                  (key) =>
                    html`<tr>
                      <td><code>${key.kid}</code></td>
                      <td>${new Date(key.created_at).toLocaleString()}</td>
                      <td>${key.age_days} days</td>
                      <td>${key.state}</td>
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
    'svc-console-signing-keys': SvcConsoleSigningKeys
  }
}

if (!customElements.get('svc-console-signing-keys')) customElements.define('svc-console-signing-keys', SvcConsoleSigningKeys)
