/**
 * @module `<svc-account-authenticator>`: the account page's "Authenticator
 * app" section. "Set up an authenticator app" shows the QR code the server
 * drew (an image with a text alternative) and the key in groups of four
 * to type by hand, and a field for the code the app then shows; the right
 * code turns it on and the ten recovery codes appear, this once. Once on,
 * removing it asks for a code from the app or a recovery code. Its data
 * and words come from `/console/api/account/authenticator`, in the
 * visitor's language, so the section stands on its own beside the page's
 * other sections.
 */
import { css, html, LitElement, nothing, type TemplateResult } from 'lit'
import { consoleApi } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { field } from '../console-field.js'
import { consoleStyles } from '../console-styles.js'
import { sayText } from './account-words.js'

/** What `/console/api/account/authenticator` answers. */
interface AuthenticatorSection {
  on: boolean
  recovery_codes_left: number
  words: Record<string, string>
}

/** What setting one up answers: the key as typed by hand, and the QR code of its URI. */
interface SetUp {
  secret: string
  qr: string
  qr_alt: string
}

/** A code from the app is six digits (a space in the middle allowed); anything else is taken for a recovery code. */
const APP_CODE = /^\s*\d{3}\s?\d{3}\s*$/

/**
 * The account page's Authenticator app section.
 *
 * @summary `<svc-account-authenticator>`
 */
export class SvcAccountAuthenticator extends LitElement {
  static override styles = [
    consoleStyles,
    css`
      .qr {
        display: block;
        width: 12rem;
        max-width: 100%;
        height: auto;
        margin: 0.5rem 0;
      }
      .secret,
      .codes {
        font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
        font-size: 1.05rem;
        overflow-wrap: anywhere;
      }
      .codes {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
        gap: 0.25rem 1rem;
        padding: 0;
        list-style: none;
      }
    `,
  ]
  private readonly section = new ConsoleDataController(this, (signal) =>
    consoleApi<AuthenticatorSection>('GET', '/account/authenticator', { signal }),
  )
  private setUp: SetUp | undefined
  private recoveryCodes: string[] | undefined
  private removing = false

  override connectedCallback(): void {
    super.connectedCallback()
    void this.section.load()
  }

  private start(): void {
    void this.section.act(
      async (signal) => {
        this.setUp = await consoleApi<SetUp>('POST', '/account/authenticator/setup', { body: {}, signal })
        return undefined
      },
      { reload: false },
    )
  }

  private confirm(event: Event): void {
    event.preventDefault()
    const code = String(new FormData(event.target as HTMLFormElement).get('code') ?? '')
    void this.section.act(async (signal) => {
      const done = await consoleApi<{ recovery_codes: string[]; message: string }>('POST', '/account/authenticator/confirm', {
        body: { code },
        signal,
      })
      this.setUp = undefined
      this.recoveryCodes = done.recovery_codes
      return done.message
    })
  }

  private removeAuthenticator(event: Event): void {
    event.preventDefault()
    const typed = String(new FormData(event.target as HTMLFormElement).get('code') ?? '')
    void this.section.act(async (signal) => {
      const body = APP_CODE.test(typed) ? { code: typed } : { recovery_code: typed }
      const done = await consoleApi<{ message: string }>('POST', '/account/authenticator/remove', { body, signal })
      this.removing = false
      this.recoveryCodes = undefined
      return done.message
    })
  }

  private codeField(id: string, label: string, hint?: string): TemplateResult {
    return field({ id, label, hint, error: this.section.errors.code, say: { apiNames: [], words: '' } }, (a) => html`<input
        id=${a.id}
        name="code"
        required
        maxlength="32"
        autocomplete="one-time-code"
        spellcheck="false"
        autocapitalize="none"
        aria-invalid=${a.invalid}
        aria-describedby=${a.describedBy}
      />`)
  }

  override render(): TemplateResult {
    const section = this.section.data
    if (!section) return html`${this.section.problem ? this.section.alert() : nothing}`
    const { words } = section
    return html`
      <h2 class="section" id="authenticator">${words.authenticator}</h2>
      <p class="hint">${words.authenticatorIntro}</p>
      ${this.section.status()} ${this.section.alert()}
      ${
        this.recoveryCodes
          ? html`<h3 id="recovery-codes">${words.recoveryCodes}</h3>
              <p>${words.recoveryCodesIntro}</p>
              <ul class="codes" aria-labelledby="recovery-codes">
                ${this.recoveryCodes.map((code) => html`<li>${code}</li>`)}
              </ul>
              <button type="button" @click=${() => ((this.recoveryCodes = undefined), this.requestUpdate())}>${words.keptThem}</button>`
          : nothing
      }
      ${section.on ? this.renderOn(section) : this.renderOff(words)}
    `
  }

  private renderOff(words: AuthenticatorSection['words']): TemplateResult {
    if (!this.setUp)
      return html`<p>${words.notSetUp}</p>
        <button type="button" ?disabled=${this.section.busy} @click=${() => this.start()}>${words.setUp}</button>`
    const { qr, qr_alt, secret } = this.setUp
    return html`<form @submit=${(event: Event) => this.confirm(event)} aria-label=${words.setUp!}>
      <p>${words.scanQr}</p>
      <img class="qr" src=${qr} alt=${qr_alt} width="200" height="200" />
      <p>${words.secretLabel}: <code class="secret" aria-label=${`${words.secretLabel}: ${secret}`}>${secret}</code></p>
      ${this.codeField('authenticator-code', words.confirmCode!, words.confirmCodeHint)}
      <button type="submit" class="primary" ?disabled=${this.section.busy}>${words.turnOn}</button>
    </form>`
  }

  private renderOn(section: AuthenticatorSection): TemplateResult {
    const { words } = section
    return html`<p>${sayText(words.isOn!, { left: String(section.recovery_codes_left) })}</p>
      ${
        this.removing
          ? html`<form @submit=${(event: Event) => this.removeAuthenticator(event)} aria-label=${words.removeAuthenticator!}>
              ${this.codeField('authenticator-remove-code', words.removeCodeLabel!)}
              <button type="submit" class="danger" ?disabled=${this.section.busy}>${words.removeAuthenticator}</button>
            </form>`
          : html`<button type="button" class="danger" @click=${() => ((this.removing = true), this.requestUpdate())}>
              ${words.removeAuthenticator}
            </button>`
      }`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-account-authenticator': SvcAccountAuthenticator
  }
}

if (!customElements.get('svc-account-authenticator')) customElements.define('svc-account-authenticator', SvcAccountAuthenticator)
