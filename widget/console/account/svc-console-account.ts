/**
 * @module `<svc-console-account>`: the account page (`/account`) for
 * anyone signed in: their profile (its forms are
 * `<svc-console-account-settings>`), the applications they connected with a
 * Disconnect each (what each may see in people's words), linking and
 * unlinking external accounts (when the operator set up any provider),
 * and deleting the account (typing the e-mail address to confirm), after
 * which the whole page leaves for the signed-out `/console/account-deleted`.
 * It speaks the visitor's language: the words come with the account.
 */
import { css, html, LitElement, nothing, type TemplateResult } from 'lit'
import type { ConsoleAccount } from '../../../shared/console-wire.js'
import { consoleApi, consoleCsrf } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { field } from '../console-field.js'
import { consoleStyles } from '../console-styles.js'
import { type AccountWords, say, sayText, scopeSaid } from './account-words.js'
import './svc-console-account-settings.js'
import './svc-account-passkeys.js'
import './svc-account-authenticator.js'
import './svc-console-account-sessions.js'

/** A section of the page that loads and acts on its own, and hears when another changed the account. */
interface AccountSection extends HTMLElement {
  othersChanged(): void
}

/**
 * The account page.
 *
 * @summary `<svc-console-account>`
 */
export class SvcConsoleAccount extends LitElement {
  static override styles = [
    consoleStyles,
    css`
      /*
       * What a required second factor asks, first on the page and hard to miss: the console's notice
       * (the form warnings' amber box), its text the page's own colour, not a success line's green.
       */
      .second-factor-required {
        margin: 0 0 1.5rem;
        padding: 0.75rem 1rem;
        border: 1px solid #d4a72c66;
        border-radius: 6px;
        background: #fff8c5;
        color: #1f2328;
      }
      .second-factor-required h2 {
        margin: 0 0 0.25rem;
        font-size: 1.1rem;
      }
    `,
  ]
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

  private unlink(link: ConsoleAccount['links'][number], words: AccountWords): void {
    if (!confirm(sayText(words.unlinkConfirm, { provider: link.name }))) return
    void this.account
      .act(async (signal) => {
        await consoleApi('DELETE', `/account/links/${link.slug}`, { signal })
        return sayText(words.unlinked, { provider: link.name })
      })
      .then((done) => done && this.tellSections())
  }

  private disconnect(app: ConsoleAccount['apps'][number], words: AccountWords): void {
    if (!confirm(sayText(words.disconnectConfirm, { app: app.name }))) return
    void this.account
      .act(async (signal) => {
        await consoleApi('DELETE', `/account/apps/${app.client_id}`, { signal })
        return sayText(words.disconnected, { app: app.name })
      })
      .then((done) => done && this.tellSections())
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

  /**
   * Every section but `source` drops its last line and loads again: after
   * a change, "Safari on iOS is signed out." or "Your password is removed"
   * would no longer describe the page (a password set in one section shows
   * in the Passkeys section too).
   */
  private tellSections(source?: EventTarget | null): void {
    const sections = this.renderRoot.querySelectorAll<AccountSection>(
      'svc-console-account-settings, svc-account-passkeys, svc-account-authenticator, svc-console-account-sessions',
    )
    for (const section of sections) if (section !== source) section.othersChanged()
  }

  /** A section's action succeeded: the page's own line goes, the account is loaded again, and the other sections hear of it. */
  private sectionChanged(event: Event): void {
    this.account.notice = ''
    this.forgetRefusal()
    void this.account.load()
    this.tellSections(event.currentTarget)
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
    // Before the account (and its words) arrive, the wait is shown without words.
    if (!account) return html`${this.account.problem ? this.account.alert() : html`<p aria-busy="true">…</p>`}`
    const { profile, words } = account
    this.lang = account.locale
    return html`
      <h1>${words.yourAccount}</h1>
      ${
        account.second_factor_required
          ? html`<section id="second-factor" class="second-factor-required" role="status" aria-labelledby="second-factor-title">
              <h2 id="second-factor-title">${account.second_factor_required.heading}</h2>
              <p>${account.second_factor_required.text}</p>
              <p><a href="/console/login?again=1&amp;return=%2Fconsole">${account.second_factor_required.sign_in_again}</a></p>
            </section>`
          : nothing
      }
      <section aria-labelledby="profile" class="profile">
        ${profile.picture ? html`<img src=${profile.picture} alt="" width="64" height="64" />` : nothing}
        <div>
          <h2 id="profile" dir="auto">${profile.name}</h2>
          <div dir="auto">${profile.email}</div>
          <div class="hint">${sayText(words.accountId, { sub: profile.sub })}</div>
        </div>
      </section>
      ${this.account.status()} ${this.account.alert()}
      <svc-console-account-settings
        .profile=${profile}
        .words=${words}
        @account-changed=${this.sectionChanged}
      ></svc-console-account-settings>
      <svc-account-passkeys @account-changed=${this.sectionChanged}></svc-account-passkeys>
      <svc-account-authenticator @account-changed=${this.sectionChanged}></svc-account-authenticator>
      <svc-console-account-sessions
        .words=${words}
        .locale=${account.locale}
        @account-changed=${this.sectionChanged}
      ></svc-console-account-sessions>
      <h2 class="section">${words.connectedApps}</h2>
      ${
        account.apps.length === 0
          ? html`<p>${words.noApps}</p>`
          : html`<table class="stacked">
              <thead>
                <tr>
                  <th scope="col">${words.application}</th>
                  <th scope="col">${words.maySee}</th>
                  <th scope="col">${words.since}</th>
                  <th scope="col">${words.actions}</th>
                </tr>
              </thead>
              <tbody>
                ${account.apps.map(
                  (app) =>
                    html`<tr>
                      <td data-label=${words.application} dir="auto">${app.name}</td>
                      <td data-label=${words.maySee}>
                        <ul class="scopes">
                          ${app.scopes.map((scope) => html`<li>${scopeSaid(scope, words)}</li>`)}
                        </ul>
                      </td>
                      <td data-label=${words.since}>${new Date(app.granted_at).toLocaleDateString(account.locale)}</td>
                      <td data-label=${words.actions}>
                        <button
                          type="button"
                          class="danger"
                          aria-label=${sayText(words.disconnectApp, { app: app.name })}
                          @click=${() => this.disconnect(app, words)}
                        >
                          ${words.disconnect}
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
          : html`<h2 class="section">${words.linkedAccounts}</h2>
              <ul>
                ${account.providers.map((provider) => {
                  const link = account.links.find((candidate) => candidate.slug === provider.slug)
                  return link
                    ? html`<li>
                        ${
                          link.email
                            ? say(words.linkedAs, { provider: provider.name, email: link.email })
                            : say(words.linked, { provider: provider.name })
                        }
                        <button
                          type="button"
                          class="danger"
                          aria-label=${sayText(words.unlinkProvider, { provider: provider.name })}
                          @click=${() => this.unlink(link, words)}
                        >
                          ${words.unlink}
                        </button>
                      </li>`
                    : html`<li>
                        ${say(words.notLinked, { provider: provider.name })}
                        <form method="post" action="/console/link/${provider.slug}" class="inline">
                          <input type="hidden" name="csrf" .value=${consoleCsrf()} />
                          <button type="submit">${say(words.linkProvider, { provider: provider.name })}</button>
                        </form>
                      </li>`
                })}
              </ul>`
      }
      <h2 class="section">${words.deleteHeading}</h2>
      <form @submit=${this.deleteAccount} aria-label=${words.deleteHeading} class="delete-account">
        <p>${words.deleteWarning}</p>
        ${field(
          {
            id: 'confirm',
            label: sayText(words.typeToConfirm, { email: profile.email }),
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
        <button type="submit" class="danger">${words.deleteMyAccount}</button>
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
