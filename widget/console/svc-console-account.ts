/**
 * @module `<svc-console-account>`: the account page (`/account`) for
 * anyone signed in: their profile, the applications they connected with a
 * Revoke each, linking and unlinking external accounts, and deleting the account (typing the e-mail address to
 * confirm).
 */
import { html, LitElement, nothing, type TemplateResult } from 'lit'
import { consoleStyles } from './console-styles.js'
import { consoleApi, ConsoleApiError, consoleCsrf } from './console-api.js'

interface Account {
  profile: { sub: string; email: string; name: string; picture: string | null }
  apps: { client_id: string; name: string; scopes: string[]; granted_at: string }[]
  links: { slug: string; name: string; email: string | null; linked_at: string }[]
  providers: { slug: string; name: string }[]
}

/**
 * The account page.
 *
 * @summary `<svc-console-account>`
 */
export class SvcConsoleAccount extends LitElement {
  static override styles = consoleStyles
  static override properties = { account: { state: true }, notice: { state: true }, errors: { state: true }, deleted: { state: true } }
  declare account: Account | undefined
  declare notice: string
  declare errors: Record<string, string>
  declare deleted: boolean

  constructor() {
    super()
    this.account = undefined
    this.notice = ''
    this.errors = {}
    this.deleted = false
  }

  override connectedCallback(): void {
    super.connectedCallback()
    // Back from linking an account, the console says how it went.
    this.notice = new URLSearchParams(location.search).get('message') ?? ''
    void this.load()
  }

  private async unlink(link: Account['links'][number]): Promise<void> {
    if (!confirm(`Unlink your ${link.name} account? You can no longer sign in with it.`)) return
    await consoleApi('DELETE', `/account/links/${link.slug}`)
    this.notice = `Your ${link.name} account is unlinked.`
    await this.load()
  }

  private async load(): Promise<void> {
    this.account = await consoleApi<Account>('GET', '/account')
  }

  private async revoke(app: Account['apps'][number]): Promise<void> {
    if (!confirm(`Disconnect ${app.name}? It loses access to your account until you sign in to it again.`)) return
    await consoleApi('DELETE', `/account/apps/${app.client_id}`)
    this.notice = `${app.name} is disconnected.`
    await this.load()
  }

  private async deleteAccount(event: Event): Promise<void> {
    event.preventDefault()
    const confirmation = new FormData(event.target as HTMLFormElement).get('confirm')
    try {
      await consoleApi('POST', '/account/delete', { confirm: confirmation })
      this.deleted = true
    } catch (error) {
      if (error instanceof ConsoleApiError) this.errors = error.fields
    }
  }

  override render(): TemplateResult {
    if (this.deleted)
      return html`<h1>Account deleted</h1>
        <p role="status">Your account is deleted, and every application was told.</p>`
    const account = this.account
    if (!account) return html`<p>Loading your account…</p>`
    const { profile } = account
    return html`
      <h1>Your account</h1>
      <section aria-labelledby="profile" style="display:flex;gap:1rem;align-items:center;margin-bottom:1.5rem">
        ${profile.picture ? html`<img src=${profile.picture} alt="" width="64" height="64" style="border-radius:50%" />` : nothing}
        <div>
          <h2 id="profile" style="font-size:1.2rem;margin:0">${profile.name}</h2>
          <div>${profile.email}</div>
          <div class="hint">Account ${profile.sub}</div>
        </div>
      </section>
      ${this.notice ? html`<p role="status">${this.notice}</p>` : nothing}
      <h2 style="font-size:1.2rem">Connected apps</h2>
      ${
        account.apps.length === 0
          ? html`<p>You have not connected any application.</p>`
          : html`<table>
              <thead>
                <tr>
                  <th scope="col">Application</th>
                  <th scope="col">May see</th>
                  <th scope="col">Since</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                ${account.apps.map(
                  (app) =>
                    html`<tr>
                      <td>${app.name}</td>
                      <td>${app.scopes.join(', ')}</td>
                      <td>${new Date(app.granted_at).toLocaleDateString()}</td>
                      <td>
                        <button type="button" class="danger" aria-label="Revoke ${app.name}" @click=${() => this.revoke(app)}>
                          Revoke
                        </button>
                      </td>
                    </tr>`,
                )}
              </tbody>
            </table>`
      }
      <h2 style="font-size:1.2rem;margin-top:2rem">Linked accounts</h2>
      ${
        account.providers.length === 0
          ? html`<p>No external sign-in providers are configured.</p>`
          : html`<ul>
              ${account.providers.map((provider) => {
                const link = account.links.find((candidate) => candidate.slug === provider.slug)
                return link
                  ? html`<li>
                      ${provider.name}: linked${link.email ? html` as ${link.email}` : nothing}
                      <button type="button" class="danger" aria-label="Unlink ${provider.name}" @click=${() => this.unlink(link)}>
                        Unlink
                      </button>
                    </li>`
                  : html`<li>
                      ${provider.name}: not linked
                      <form method="post" action="/console/link/${provider.slug}" style="display:inline">
                        <input type="hidden" name="csrf" .value=${consoleCsrf()} />
                        <button type="submit">Link ${provider.name}</button>
                      </form>
                    </li>`
              })}
            </ul>`
      }
      <h2 style="font-size:1.2rem;margin-top:2rem">Delete your account</h2>
      <form @submit=${this.deleteAccount} aria-label="Delete your account" style="max-width:30rem">
        <p>This signs you out everywhere, revokes every token, tells every application you used, and cannot be undone.</p>
        <div class="field">
          <label for="confirm">Type ${profile.email} to confirm</label>
          <input
            id="confirm"
            name="confirm"
            autocomplete="off"
            aria-invalid=${this.errors.confirm ? 'true' : 'false'}
            aria-describedby="confirm-error"
          />
          ${this.errors.confirm ? html`<div class="error" id="confirm-error">${this.errors.confirm}</div>` : nothing}
        </div>
        <button type="submit" class="danger">Delete my account</button>
      </form>
    `
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-account': SvcConsoleAccount
  }
}

if (!customElements.get('svc-console-account')) customElements.define('svc-console-account', SvcConsoleAccount)
