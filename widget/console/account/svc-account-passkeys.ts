/**
 * @module `<svc-account-passkeys>`: the account page's Passkeys section.
 * Lists the person's passkeys (name, added, last used, synced or on one
 * device) with a Remove each (confirmed first); "Add a passkey" asks for
 * a name (its length counted against the limit as it is typed), runs the
 * browser's WebAuthn ceremony (`@simplewebauthn/browser`) and lists the
 * new one; once a passkey exists it offers to remove the password. The
 * last passkey of an account without a password cannot go: its Remove is
 * disabled with the reason beside it, rather than refused after a
 * confirmation. Its data and words come from `/console/api/account/passkeys`,
 * in the visitor's language, so the section stands on its own beside the
 * page's other sections.
 */
import { browserSupportsWebAuthn, type PublicKeyCredentialCreationOptionsJSON, startRegistration } from '@simplewebauthn/browser'
import { css, html, LitElement, nothing, type TemplateResult } from 'lit'
import { consoleApi } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { field } from '../console-field.js'
import { consoleStyles } from '../console-styles.js'
import { sayText } from './account-words.js'

/** What `/console/api/account/passkeys` answers. */
interface PasskeysSection {
  passkeys: { id: number; name: string; created_at: string; last_used_at: string | null; synced: boolean }[]
  has_password: boolean
  /** The longest name the server keeps. */
  name_max: number
  locale: string
  words: Record<string, string>
}

/** The browser's dialog was closed, timed out, or refused: said in the page's words, never the browser's. */
class CeremonyEnded extends Error {}

/**
 * The account page's Passkeys section.
 *
 * @summary `<svc-account-passkeys>`
 */
export class SvcAccountPasskeys extends LitElement {
  static override styles = [
    consoleStyles,
    css`
      button[aria-disabled='true'] {
        opacity: 0.55;
        cursor: not-allowed;
      }
    `,
  ]
  private readonly section = new ConsoleDataController(this, (signal) =>
    consoleApi<PasskeysSection>('GET', '/account/passkeys', { signal }),
  )
  private naming = false
  /** How long the name being typed is, for its counter. */
  private typedName = 0

  override connectedCallback(): void {
    super.connectedCallback()
    void this.section.load()
  }

  /**
   * Another section of the page changed the account (a password set, a
   * session ended): this section's last line no longer describes what is
   * shown, so it goes, and what it shows is loaded again.
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

  private add(event: Event, words: PasskeysSection['words']): void {
    event.preventDefault()
    const name = String(new FormData(event.target as HTMLFormElement).get('name') ?? '')
    void this.section
      .act(async (signal) => {
        const optionsJSON = await consoleApi<PublicKeyCredentialCreationOptionsJSON>('POST', '/account/passkeys/options', {
          body: {},
          signal,
        })
        const credential = await startRegistration({ optionsJSON }).catch(() => {
          throw new CeremonyEnded(words.passkeyNotAdded)
        })
        const added = await consoleApi<{ message: string }>('POST', '/account/passkeys', {
          body: { name, credential: JSON.stringify(credential) },
          signal,
        })
        this.naming = false
        this.typedName = 0
        return added.message
      })
      .then((done) => (this.requestUpdate(), done && this.changed()))
  }

  private removePasskey(passkey: PasskeysSection['passkeys'][number], words: PasskeysSection['words'], lastWayIn: boolean): void {
    // The reason stands beside the button already: nothing to ask, nothing to send.
    if (lastWayIn) return
    if (!confirm(sayText(words.removePasskeyConfirm!, { name: passkey.name }))) return
    void this.section
      .act(async (signal) => (await consoleApi<{ message: string }>('DELETE', `/account/passkeys/${passkey.id}`, { signal })).message)
      .then((done) => done && this.changed())
  }

  private removePassword(words: PasskeysSection['words']): void {
    if (!confirm(words.removePasswordConfirm)) return
    void this.section
      .act(
        async (signal) =>
          (await consoleApi<{ message: string }>('POST', '/account/passkeys/remove-password', { body: {}, signal })).message,
      )
      .then((done) => done && this.changed())
  }

  override render(): TemplateResult {
    const section = this.section.data
    if (!section) return html`${this.section.problem ? this.section.alert() : nothing}`
    const { words, locale } = section
    // Without a password, the one passkey is the only way in: the server would refuse its removal.
    const lastWayIn = !section.has_password && section.passkeys.length === 1
    const when = (iso: string | null) =>
      iso ? new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) : words.never
    return html`
      <h2 class="section" id="passkeys">${words.passkeys}</h2>
      <p class="hint">${words.passkeysIntro}</p>
      ${this.section.status()} ${this.section.alert()}
      ${
        section.passkeys.length === 0
          ? html`<p>${words.noPasskeys}</p>`
          : html`<table class="stacked" aria-labelledby="passkeys">
                <thead>
                  <tr>
                    <th scope="col">${words.passkeyColumn}</th>
                    <th scope="col">${words.added}</th>
                    <th scope="col">${words.lastUsed}</th>
                    <th scope="col">${words.actions}</th>
                  </tr>
                </thead>
                <tbody>
                  ${section.passkeys.map(
                    (passkey) =>
                      html`<tr>
                        <td data-label=${words.passkeyColumn!}>
                          <div dir="auto">${passkey.name}</div>
                          <div class="hint">${passkey.synced ? words.synced : words.deviceBound}</div>
                        </td>
                        <td data-label=${words.added!}>${when(passkey.created_at)}</td>
                        <td data-label=${words.lastUsed!}>${when(passkey.last_used_at)}</td>
                        <td data-label=${words.actions!}>
                          <button
                            type="button"
                            class="danger"
                            aria-label=${sayText(words.removePasskey!, { name: passkey.name })}
                            aria-disabled=${lastWayIn ? 'true' : nothing}
                            aria-describedby=${lastWayIn ? 'last-way-in' : nothing}
                            @click=${() => this.removePasskey(passkey, words, lastWayIn)}
                          >
                            ${words.remove}
                          </button>
                        </td>
                      </tr>`,
                  )}
                </tbody>
              </table>
              ${lastWayIn ? html`<p class="hint" id="last-way-in">${words.lastWayIn}</p>` : nothing}`
      }
      ${
        !browserSupportsWebAuthn()
          ? html`<p class="hint">${words.passkeysUnsupported}</p>`
          : this.naming
            ? html`<form @submit=${(event: Event) => this.add(event, words)} aria-label=${words.addPasskey!}>
                ${field(
                  {
                    id: 'passkey-name',
                    label: words.passkeyName!,
                    hint: words.passkeyNameHint,
                    error: this.section.errors.name,
                    say: { apiNames: [], words: '' },
                    limit: {
                      max: section.name_max,
                      length: this.typedName,
                      words: { unit: words.characters!, count: words.characterCount! },
                    },
                  },
                  (a) =>
                    html`<input
                      id=${a.id}
                      name="name"
                      required
                      maxlength=${section.name_max}
                      @input=${(event: Event) => ((this.typedName = (event.target as HTMLInputElement).value.length), this.requestUpdate())}
                      dir="auto"
                      autocomplete="off"
                      aria-invalid=${a.invalid}
                      aria-describedby=${a.describedBy}
                    />`,
                )}
                <button type="submit" class="primary" ?disabled=${this.section.busy}>${words.addPasskey}</button>
              </form>`
            : html`<button type="button" @click=${() => ((this.naming = true), this.requestUpdate())}>${words.addPasskey}</button>`
      }
      ${
        section.passkeys.length === 0
          ? nothing
          : section.has_password
            ? html`<h3>${words.withoutPassword}</h3>
                <p class="hint">${words.removePasswordIntro}</p>
                <button type="button" class="danger" @click=${() => this.removePassword(words)}>${words.removePassword}</button>`
            : html`<p>${words.noPassword}</p>`
      }
    `
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-account-passkeys': SvcAccountPasskeys
  }
}

if (!customElements.get('svc-account-passkeys')) customElements.define('svc-account-passkeys', SvcAccountPasskeys)
