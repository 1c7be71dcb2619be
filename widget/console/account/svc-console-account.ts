/**
 * @module `<svc-console-account>`: the account page (`/account`) for
 * anyone signed in: their profile (its forms are
 * `<svc-console-account-settings>`), the applications they connected with a
 * Disconnect each (what each may see in people's words), linking and
 * unlinking external accounts (when the operator set up any provider),
 * and deleting the account (typing the e-mail address to confirm), after
 * which the whole page leaves for the signed-out `/console/account-deleted`.
 */
import { html, LitElement, nothing, type TemplateResult } from 'lit'
import type { ConsoleAccount } from '../../../shared/console-wire.js'
import { consoleApi, consoleCsrf } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { field } from '../console-field.js'
import { consoleStyles } from '../console-styles.js'
import { scopeWords } from '../console-words.js'
import type { SvcConsoleAccountSettings } from './svc-console-account-settings.js'
import './svc-console-account-settings.js'

/**
 * The account page.
 *
 * @summary `<svc-console-account>`
 */
export class SvcConsoleAccount extends LitElement {
  static override styles = consoleStyles
  private readonly account = new ConsoleDataController(this, (signal) => consoleApi<ConsoleAccount>('GET', '/account', { signal }))

  override connectedCallback(): void {
    super.connectedCallback()
    // Back from linking an account, the console says how it went, once:
    // the message leaves the address, so a reload or a shared link does not repeat it.
    const url = new URL(location.href)
    this.account.notice = url.searchParams.get('message') ?? ''
    if (url.searchParams.has('message')) {
      url.searchParams.delete('message')
      history.replaceState(history.state, '', url)
    }
    void this.account.load()
  }

  private unlink(link: ConsoleAccount['links'][number]): void {
    if (!confirm(`Unlink your ${link.name} account? You can no longer sign in with it.`)) return
    void this.account
      .act(async (signal) => {
        await consoleApi('DELETE', `/account/links/${link.slug}`, { signal })
        return `Your ${link.name} account is unlinked.`
      })
      .then((done) => done && this.settings?.forgetRefusals())
  }

  private disconnect(app: ConsoleAccount['apps'][number]): void {
    if (!confirm(`Disconnect ${app.name}? It loses access to your account until you sign in to it again.`)) return
    void this.account
      .act(async (signal) => {
        await consoleApi('DELETE', `/account/apps/${app.client_id}`, { signal })
        return `${app.name} is disconnected.`
      })
      .then((done) => done && this.settings?.forgetRefusals())
  }

  private deleteAccount(event: Event): void {
    event.preventDefault()
    const confirmation = new FormData(event.target as HTMLFormElement).get('confirm')
    void this.account.act(
      async (signal) => {
        await consoleApi('POST', '/account/delete', { body: { confirm: confirmation }, signal })
        // The account is gone, and the session with it: the console's header must not name the person any
        // more, so the whole page leaves for one that is signed out and says where to go next.
        location.assign('/console/account-deleted')
      },
      { reload: false },
    )
  }

  private get settings(): SvcConsoleAccountSettings | null {
    return this.renderRoot.querySelector('svc-console-account-settings')
  }

  /** Another form succeeded: what this page refused before no longer stands beside its field. */
  private forgetRefusal(): void {
    this.account.errors = {}
    this.account.problem = ''
    this.requestUpdate()
  }

  /** Typing in the confirmation field takes its refusal away. */
  private confirmChanged(): void {
    if (!this.account.errors.confirm) return
    this.forgetRefusal()
  }

  override render(): TemplateResult {
    const account = this.account.data
    if (!account) return html`${this.account.problem ? this.account.alert() : html`<p>Loading your account…</p>`}`
    const { profile } = account
    return html`
      <h1>Your account</h1>
      <section aria-labelledby="profile" class="profile">
        ${profile.picture ? html`<img src=${profile.picture} alt="" width="64" height="64" />` : nothing}
        <div>
          <h2 id="profile" dir="auto">${profile.name}</h2>
          <div dir="auto">${profile.email}</div>
          <div class="hint">Account ${profile.sub}</div>
        </div>
      </section>
      ${this.account.status()} ${this.account.alert()}
      <svc-console-account-settings
        .profile=${profile}
        @account-changed=${() => (this.forgetRefusal(), void this.account.load())}
      ></svc-console-account-settings>
      <h2 class="section">Connected apps</h2>
      ${
        account.apps.length === 0
          ? html`<p>You have not connected any application.</p>`
          : html`<table class="stacked">
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
                      <td data-label="Application" dir="auto">${app.name}</td>
                      <td data-label="May see">
                        <ul class="scopes">
                          ${app.scopes.map((scope) => html`<li>${scopeWords(scope)}</li>`)}
                        </ul>
                      </td>
                      <td data-label="Since">${new Date(app.granted_at).toLocaleDateString()}</td>
                      <td data-label="Actions">
                        <button type="button" class="danger" aria-label="Disconnect ${app.name}" @click=${() => this.disconnect(app)}>
                          Disconnect
                        </button>
                      </td>
                    </tr>`,
                )}
              </tbody>
            </table>`
      }
      ${
        // With no provider set up there is nothing to link: the section would only speak to the operator.
        account.providers.length === 0
          ? nothing
          : html`<h2 class="section">Linked accounts</h2>
              <ul>
                ${account.providers.map((provider) => {
                  const link = account.links.find((candidate) => candidate.slug === provider.slug)
                  return link
                    ? html`<li>
                        <span dir="auto">${provider.name}</span>:
                        linked${link.email ? html` as <span dir="auto">${link.email}</span>` : nothing}
                        <button type="button" class="danger" aria-label="Unlink ${provider.name}" @click=${() => this.unlink(link)}>
                          Unlink
                        </button>
                      </li>`
                    : html`<li>
                        <span dir="auto">${provider.name}</span>: not linked
                        <form method="post" action="/console/link/${provider.slug}" class="inline">
                          <input type="hidden" name="csrf" .value=${consoleCsrf()} />
                          <button type="submit">Link ${provider.name}</button>
                        </form>
                      </li>`
                })}
              </ul>`
      }
      <h2 class="section">Delete your account</h2>
      <form @submit=${this.deleteAccount} aria-label="Delete your account" class="delete-account">
        <p>This signs you out everywhere, revokes every token, tells every application you used, and cannot be undone.</p>
        ${field(
          {
            id: 'confirm',
            label: `Type ${profile.email} to confirm`,
            error: this.account.errors.confirm,
            say: { apiNames: [], words: '' },
          },
          (a) =>
            html`<input
              id=${a.id}
              name="confirm"
              autocomplete="off"
              aria-invalid=${a.invalid}
              aria-describedby=${a.describedBy}
              @input=${this.confirmChanged}
            />`,
        )}
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
