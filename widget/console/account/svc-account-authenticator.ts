/**
 * @module `<svc-account-authenticator>`: the account page's "Authenticator
 * app" section. "Set up an authenticator app" shows the QR code the server
 * drew (an image with a text alternative) and the key in groups of four
 * to type by hand, and a field for the code the app then shows; the right
 * code turns it on and the ten recovery codes appear, this once. Once on,
 * removing it asks for a code from the app or a recovery code, and so
 * does making new recovery codes (the earlier ones stop working). How
 * many codes are left is said ("7 of 10"), and wherever codes are shown
 * they can be copied or downloaded as a `.txt` file. Its data
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
  recovery_codes_total: number
  product: string
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
      .code-buttons {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem 1rem;
        align-items: center;
      }
      a.button {
        display: inline-block;
        padding: 0.35rem 0.9rem;
        border: 1px solid #d0d7de;
        border-radius: 6px;
        background: #f6f8fa;
        color: inherit;
        text-decoration: none;
      }
      .said {
        color: #1a7f37;
      }
      .few-left {
        color: #9a6700;
        font-weight: 600;
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
  private renewing = false
  private copied = false

  override connectedCallback(): void {
    super.connectedCallback()
    void this.section.load()
  }

  /**
   * Another section of the page changed the account: this section's last
   * line no longer describes what is shown, so it goes, and what it shows
   * is loaded again.
   */
  othersChanged(): void {
    this.section.notice = ''
    this.section.problem = ''
    this.section.errors = {}
    void this.section.load()
  }

  /** This section changed the account: the page tells the other sections. */
  private changed(): void {
    this.dispatchEvent(new CustomEvent('account-changed', { bubbles: true, composed: true }))
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
    }).then((done) => done && this.changed())
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
    }).then((done) => done && this.changed())
  }

  private renewCodes(event: Event): void {
    event.preventDefault()
    const typed = String(new FormData(event.target as HTMLFormElement).get('code') ?? '')
    void this.section.act(async (signal) => {
      const body = APP_CODE.test(typed) ? { code: typed } : { recovery_code: typed }
      const done = await consoleApi<{ recovery_codes: string[]; message: string }>('POST', '/account/authenticator/recovery-codes', {
        body,
        signal,
      })
      this.renewing = false
      this.copied = false
      this.recoveryCodes = done.recovery_codes
      return done.message
    }).then((done) => done && this.changed())
  }

  private async copyCodes(codes: string[]): Promise<void> {
    try {
      await navigator.clipboard.writeText(codes.join('\n'))
      this.copied = true
    } catch {
      // Refused (no permission, an old browser): the codes stay on screen to select by hand.
      this.copied = false
    }
    this.requestUpdate()
  }

  /** The codes as a file to keep: what they are for, then one a line. */
  private codesFile(section: AuthenticatorSection, codes: string[]): string {
    const text = `${sayText(section.words.codesFile!, { product: section.product })}\n\n${codes.join('\n')}\n`
    return `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`
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
              <ul class="codes" aria-labelledby="recovery-codes" dir="ltr">
                ${this.recoveryCodes.map((code) => html`<li>${code}</li>`)}
              </ul>
              <p class="code-buttons">
                <button type="button" @click=${() => this.copyCodes(this.recoveryCodes!)}>${words.copyCodes}</button>
                <a class="button" download="${section.product}-recovery-codes.txt" href=${this.codesFile(section, this.recoveryCodes)}
                  >${words.downloadCodes}</a
                >
                <span class="said" aria-live="polite">${this.copied ? words.copiedCodes : ''}</span>
              </p>
              <button type="button" @click=${() => ((this.recoveryCodes = undefined), (this.copied = false), this.requestUpdate())}>
                ${words.keptThem}
              </button>`
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
    return html`<p>${words.isOn}</p>
      <p class=${section.recovery_codes_left <= 3 ? 'few-left' : ''}>
        ${sayText(words.codesLeft!, { left: String(section.recovery_codes_left), total: String(section.recovery_codes_total) })}
      </p>
      ${
        this.renewing
          ? html`<form @submit=${(event: Event) => this.renewCodes(event)} aria-label=${words.renew!}>
              <p class="hint">${words.renewIntro}</p>
              ${this.codeField('authenticator-renew-code', words.renewLabel!)}
              <button type="submit" class="primary" ?disabled=${this.section.busy}>${words.renew}</button>
            </form>`
          : html`<p>
              <button type="button" @click=${() => ((this.renewing = true), (this.removing = false), this.requestUpdate())}>
                ${words.renew}
              </button>
            </p>`
      }
      ${
        this.removing
          ? html`<form @submit=${(event: Event) => this.removeAuthenticator(event)} aria-label=${words.removeAuthenticator!}>
              ${this.codeField('authenticator-remove-code', words.removeCodeLabel!)}
              <button type="submit" class="danger" ?disabled=${this.section.busy}>${words.removeAuthenticator}</button>
            </form>`
          : html`<button type="button" class="danger" @click=${() => ((this.removing = true), (this.renewing = false), this.requestUpdate())}>
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
