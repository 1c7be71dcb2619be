/**
 * @module `<svc-console>`: the console's frame. It loads who is signed in,
 * shows the sections their roles open (Marketing › Ads, Images and Reports, API keys, API tokens, People,
 * Developers, Signing keys, and everyone's Account), and routes
 * `/console/...` paths to pages without reloading. While an operator
 * requires a second factor and this sign-in used one, every page but the
 * account page says what to do instead (the API refuses them anyway).
 */
import { css, html, LitElement, type TemplateResult } from 'lit'
import { consoleStyles } from './console-styles.js'
import { type ConsoleMe, loadMe } from './console-api.js'
import { ScrollEdges } from './scroll-edges.js'
import './account/svc-console-account.js'
import './audit/svc-console-audit.js'
import './ads/svc-console-ad-form.js'
import './ads/svc-console-ads.js'
import './clients/svc-console-client-detail.js'
import './clients/svc-console-client-list.js'
import './images/svc-console-images.js'
import './keys/svc-console-keys.js'
import './organisations/svc-console-organisations.js'
import './people/svc-console-people.js'
import './reports/svc-console-reports.js'
import './signing-keys/svc-console-signing-keys.js'
import './tokens/svc-console-tokens.js'

/**
 * The console application.
 *
 * @summary Mounted once by `/console`'s page: `<svc-console></svc-console>`.
 */
export class SvcConsole extends LitElement {
  static override styles = [
    consoleStyles,
    css`
      /*
       * One line from 40rem up, whatever the roles: the sections take the
       * room left by the product name and the account, and scroll sideways
       * in their own strip if a long name leaves too little. On a phone the
       * strip is a row of its own under them, scrolled (by finger, or by
       * focus moving along it) rather than wrapping into a tall header.
       */
      header {
        display: flex;
        flex-wrap: nowrap;
        align-items: center;
        gap: 0.5rem 1rem;
        padding: 0.5rem 1.5rem;
        font-size: 0.9375rem;
        background: #24292f;
        color: #fff;
      }
      header a {
        color: #fff;
      }
      header > strong {
        flex: none;
        white-space: nowrap;
      }
      header nav {
        flex: 1 1 auto;
        min-width: 0;
        overflow-x: auto;
        scrollbar-width: thin;
        /* Room for the focus outline, which the strip would clip. */
        padding: 0.3rem;
        margin: -0.3rem;
      }
      /* Sections cut off at an edge fade out there, so the strip is seen to scroll; the fade goes at that end (scroll-edges.ts). */
      header nav.cut-right {
        mask-image: linear-gradient(to right, #000 calc(100% - 2rem), transparent);
      }
      header nav.cut-left {
        mask-image: linear-gradient(to left, #000 calc(100% - 2rem), transparent);
      }
      header nav.cut-left.cut-right {
        mask-image: linear-gradient(to right, transparent, #000 2rem, #000 calc(100% - 2rem), transparent);
      }
      header .who {
        flex: none;
        margin-inline-start: auto;
        display: flex;
        gap: 0.75rem;
        align-items: center;
        min-width: 0;
      }
      /*
       * The name, cut short with an ellipsis when long; the address too is
       * in full on hover and for screen readers, but not on screen, where
       * it would take the sections' room (the account page shows it).
       */
      header .who > span {
        /* Holds the hidden address (absolutely placed) inside its clip: otherwise it sits past a long name's end and widens the page. */
        position: relative;
        max-width: 10rem;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      nav ul {
        list-style: none;
        display: flex;
        gap: 0.9rem;
        margin: 0;
        padding: 0;
        white-space: nowrap;
      }
      /* One box a link, the hidden part of its name inside it, so a click or tap anywhere on the words lands on it. */
      nav a {
        display: inline-block;
        position: relative;
      }
      nav a[aria-current='page'] {
        font-weight: 700;
        text-decoration: underline;
      }
      .in-name {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip-path: inset(50%);
        white-space: nowrap;
      }
      main {
        padding: 1.5rem;
        min-width: 0;
        max-width: 72rem;
        margin: 0 auto;
      }
      @media (max-width: 40rem) {
        header,
        main {
          padding-inline: 1rem;
        }
        header {
          flex-wrap: wrap;
        }
        header nav {
          order: 1;
          flex-basis: 100%;
        }
        header .who > span {
          max-width: 11rem;
        }
      }
      form.logout button {
        background: transparent;
        color: #fff;
        border-color: #57606a;
        padding-block: 0.3rem;
        white-space: nowrap;
      }
    `,
  ]

  static override properties = { me: { state: true }, path: { state: true }, problem: { state: true } }
  declare me: ConsoleMe | undefined
  declare path: string
  declare problem: string

  constructor() {
    super()
    this.me = undefined
    this.path = location.pathname
    this.problem = ''
    this.addController(new ScrollEdges(this, 'header nav'))
  }

  override connectedCallback(): void {
    super.connectedCallback()
    addEventListener('popstate', this.onPopState)
    // Links inside any page navigate here instead of reloading.
    this.addEventListener('click', this.onClick)
    this.addEventListener('svc-console-navigate', ((event: CustomEvent<string>) => this.navigate(event.detail)) as EventListener)
    this.loadMe()
    // The header names the account: a change on the account page shows there at once.
    this.addEventListener('account-changed', () => this.loadMe())
  }

  private loadMe(): void {
    loadMe().then(
      (me) => (this.me = me),
      (error: Error) => (this.problem = error.message),
    )
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    removeEventListener('popstate', this.onPopState)
  }

  private readonly onPopState = () => (this.path = location.pathname)

  // On a phone the sections scroll in their strip; the browser scrolls a focused link only if none of it shows, so a half-shown one is brought in whole.
  private readonly onNavFocus = (event: FocusEvent) => (event.target as HTMLElement).scrollIntoView({ block: 'nearest', inline: 'nearest' })

  private readonly onClick = (event: MouseEvent) => {
    const link = event.composedPath().find((node) => node instanceof HTMLAnchorElement) as HTMLAnchorElement | undefined
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
    const url = new URL(link.href)
    // Sign-in, sign-out and linking leave the page for svc or another provider.
    if (
      link.dataset.navigate === 'page' ||
      url.origin !== location.origin ||
      !url.pathname.startsWith('/console') ||
      url.pathname.startsWith('/console/log')
    )
      return
    event.preventDefault()
    this.navigate(url.pathname + url.search)
  }

  private navigate(to: string): void {
    history.pushState(null, '', to)
    this.path = location.pathname
    window.scrollTo(0, 0)
  }

  override render(): TemplateResult {
    if (this.problem) return html`<main><p role="alert">The console could not load: ${this.problem}</p></main>`
    // The account page's words come with the account, in the visitor's language: until then its wait has none.
    if (!this.me)
      return this.path.startsWith('/console/account')
        ? html`<main><p aria-busy="true">…</p></main>`
        : html`<main><p>Loading the console…</p></main>`
    const me = this.me
    // Without a console role the console is the account page alone, which speaks the visitor's language: so does its header.
    const visitor = !hasAnyConsoleRole(me)
    // Sections a required second factor closes are not offered: the account page is the way on.
    const roles = me.second_factor_missing ? { ads: false, apiKeys: false, developer: false, operator: false } : me.roles
    const words = visitor ? me.header : { account: 'Account', signOut: 'Sign out', sections: 'Sections' }
    const current = (href: string) => (this.path === href || this.path.startsWith(`${href}/`) ? 'page' : 'false')
    const link = (href: string, text: string) => html`<li><a href=${href} aria-current=${current(href)}>${text}</a></li>`
    // Marketing's three pages are "Marketing › Ads" by name and "Ads" on screen, so the header keeps to one line at 1280 px.
    const marketing = (href: string, text: string) =>
      html`<li>
        <a href=${href} aria-current=${current(href)}><span class="in-name">Marketing › </span>${text}</a>
      </li>`
    return html`
      <header lang=${visitor ? me.locale : 'en'}>
        <strong dir="auto">${me.product}</strong>
        <nav aria-label=${words.sections} @focusin=${this.onNavFocus}>
          <ul>
            ${roles.ads ? marketing('/console/ads', 'Ads') : ''} ${roles.ads ? marketing('/console/images', 'Images') : ''}
            ${roles.ads ? marketing('/console/reports', 'Reports') : ''}
            ${roles.apiKeys ? link('/console/organisations', 'Organisations') : ''}
            ${roles.apiKeys ? link('/console/keys', 'API keys') : ''} ${roles.apiKeys ? link('/console/tokens', 'API tokens') : ''}
            ${roles.apiKeys ? link('/console/people', 'People') : ''} ${roles.developer ? link('/console/clients', 'Developers') : ''}
            ${roles.apiKeys ? link('/console/audit', 'Audit log') : ''}
            ${roles.operator ? link('/console/signing-keys', 'Signing keys') : ''} ${link('/console/account', words.account)}
          </ul>
        </nav>
        <div class="who">
          <span title="${me.name} (${me.email})"><bdi>${me.name}</bdi><span class="in-name"> (${me.email})</span></span>
          <form class="logout" method="post" action="/console/logout">
            <input type="hidden" name="csrf" .value=${me.csrf} />
            <button type="submit">${words.signOut}</button>
          </form>
        </div>
      </header>
      <main>${this.page(me)}</main>
    `
  }

  private page(me: ConsoleMe): TemplateResult {
    if (me.second_factor_missing && !/^\/console\/account\/?$/.test(this.path))
      return html`<h1>Your organisation requires a second factor</h1>
        <p>
          To use the console, add a passkey or an authenticator app on your account page, then sign in again with it. A passkey counts on
          its own; an authenticator app’s code counts after your password. Until then, only your account page opens.
        </p>
        <p><a href="/console/account#second-factor">Add a passkey or an authenticator app</a></p>
        <p>Added one already? <a href="/console/login?again=1&amp;return=%2Fconsole">Sign in again with it</a>.</p>`
    const ads = /^\/console\/ads(?:\/(new|ADS\d+))?\/?$/.exec(this.path)
    if (ads && me.roles.ads) {
      if (!ads[1]) return html`<svc-console-ads .me=${me}></svc-console-ads>`
      return html`<svc-console-ad-form .me=${me} code=${ads[1] === 'new' ? '' : ads[1]}></svc-console-ad-form>`
    }
    const refused = html`<h1>No access</h1>
      <p>Your account may not use this part of the console. <a href="/console">Back to the console</a>.</p>`
    if (ads) return refused
    const clients = /^\/console\/clients(?:\/(cli_[\w-]+))?\/?$/.exec(this.path)
    if (clients && !me.roles.developer) return refused
    if (clients)
      return clients[1]
        ? html`<svc-console-client-detail client-id=${clients[1]}></svc-console-client-detail>`
        : html`<svc-console-client-list></svc-console-client-list>`
    if (/^\/console\/images\/?$/.test(this.path)) return me.roles.ads ? html`<svc-console-images .me=${me}></svc-console-images>` : refused
    if (/^\/console\/reports\/?$/.test(this.path))
      return me.roles.ads ? html`<svc-console-reports .me=${me}></svc-console-reports>` : refused
    if (/^\/console\/organisations\/?$/.test(this.path))
      return me.roles.apiKeys ? html`<svc-console-organisations .me=${me}></svc-console-organisations>` : refused
    if (/^\/console\/keys\/?$/.test(this.path)) return me.roles.apiKeys ? html`<svc-console-keys .me=${me}></svc-console-keys>` : refused
    // Management API tokens: the same gate as API keys (the API keeps an admin to their organisation).
    if (/^\/console\/tokens\/?$/.test(this.path))
      return me.roles.apiKeys ? html`<svc-console-tokens .me=${me}></svc-console-tokens>` : refused
    // People: the same gate as API keys (operators, and admins of an organisation).
    if (/^\/console\/people\/?$/.test(this.path))
      return me.roles.apiKeys ? html`<svc-console-people .me=${me}></svc-console-people>` : refused
    // The audit log: operators read all of it, an organisation's admins their organisation's (the API decides).
    if (/^\/console\/audit\/?$/.test(this.path)) return me.roles.apiKeys ? html`<svc-console-audit .me=${me}></svc-console-audit>` : refused
    if (/^\/console\/signing-keys\/?$/.test(this.path))
      return me.roles.operator ? html`<svc-console-signing-keys></svc-console-signing-keys>` : refused
    if (/^\/console\/account\/?$/.test(this.path)) return html`<svc-console-account></svc-console-account>`
    if (this.path === '/console' || this.path === '/console/')
      return html`<h1>Welcome, <bdi>${me.name}</bdi></h1>
        ${
          me.roles.operator && me.organisations.length === 0
            ? html`<p>
                There is no organisation yet. Start by <a href="/console/organisations">creating one</a>: then its API key, its ads and its
                people.
              </p>`
            : html`<p>Choose a section above.${me.roles.ads ? html` Start with <a href="/console/ads">your ads</a>.` : ''}</p>`
        }`
    return html`<h1>Not found</h1>
      <p>There is no console page at ${this.path}. <a href="/console">Back to the console</a>.</p>`
  }
}

/** Whether the account may open any section besides its own account page. */
const hasAnyConsoleRole = (me: ConsoleMe): boolean => me.roles.ads || me.roles.apiKeys || me.roles.developer || me.roles.operator

declare global {
  interface HTMLElementTagNameMap {
    'svc-console': SvcConsole
  }
}

if (!customElements.get('svc-console')) customElements.define('svc-console', SvcConsole)
