/**
 * @module `<svc-console-account-settings>`: the account page's three
 * forms, each with its own refusals and success line: name and picture,
 * the password (current one required; on a passkey-only account, "Set a
 * password" typed twice), and the e-mail address (current
 * password required; says when a change waits for its link). After a
 * change it fires `account-changed` so the page loads the account again.
 * A refusal stays only while it is news: typing in a refused field takes
 * its message away, and any form's success takes away the other forms'.
 */
import { html, LitElement, nothing, type TemplateResult } from 'lit'
import type { ConsoleAccount } from '../../../shared/console-wire.js'
import { consoleApi } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { field } from '../console-field.js'
import { consoleStyles } from '../console-styles.js'
import { PROFILE_LIMITS } from '../../../shared/field-limits.js'
import { EMAIL_MAX_LENGTH } from '../../../shared/email-address.js'
import { type AccountWords, say } from './account-words.js'

type Profile = ConsoleAccount['profile']
const FORMS = ['profile', 'password', 'email'] as const
type Form = (typeof FORMS)[number]

/**
 * The forms; `profile` is the account as last loaded.
 *
 * @summary `<svc-console-account-settings>`
 */
export class SvcConsoleAccountSettings extends LitElement {
  static override styles = consoleStyles
  static override properties = { profile: { attribute: false }, words: { attribute: false } }
  declare profile: Profile | undefined
  /** The page's words, in the visitor's language. */
  declare words: AccountWords | undefined
  /** What is typed in each limited field, for its counter. */
  private readonly typed: Partial<Record<keyof typeof PROFILE_LIMITS, number>> = {}
  // One controller a form, so a refusal shows beside its own form's fields only.
  private readonly forms: Record<Form, ConsoleDataController<undefined>> = {
    profile: new ConsoleDataController(this, async () => undefined),
    password: new ConsoleDataController(this, async () => undefined),
    email: new ConsoleDataController(this, async () => undefined),
  }

  private submit(event: Event, form: Form, method: 'POST' | 'PUT', path: string): void {
    event.preventDefault()
    const element = event.target as HTMLFormElement
    const body = Object.fromEntries(new FormData(element))
    void this.forms[form]
      .act(async (signal) => (await consoleApi<{ message: string }>(method, path, { body, signal })).message, { reload: false })
      .then((done) => {
        if (!done) return
        // The other forms' lines (refused, or saved) spoke of the account before this change.
        for (const other of FORMS) if (other !== form) ((this.forms[other].notice = ''), this.forget(other))
        // Passwords are not kept in the page once used.
        if (form !== 'profile') element.reset()
        // A new password cancels a pending address change: its "we sent a link" no longer holds.
        if (form === 'password') this.forms.email.notice = ''
        this.dispatchEvent(new CustomEvent('account-changed', { bubbles: true, composed: true }))
      })
  }

  /**
   * Takes away every form's refusal: the page calls it when one of its own
   * actions succeeds.
   */
  forgetRefusals(): void {
    for (const form of FORMS) this.forget(form)
  }

  /**
   * Another section of the page changed the account: no form's line (its
   * refusal or its "saved") describes the account as it now is.
   */
  othersChanged(): void {
    for (const form of FORMS) this.forms[form].notice = ''
    this.forgetRefusals()
  }

  private forget(form: Form, field?: string): void {
    const controller = this.forms[form]
    if (field === undefined) controller.errors = {}
    else if (field in controller.errors) {
      const { [field]: _changed, ...rest } = controller.errors
      controller.errors = rest
    } else return
    // With no field left marked, the summary would fall back to the API's sentence: it goes too.
    if (Object.keys(controller.errors).length === 0) controller.problem = ''
    this.requestUpdate()
  }

  /** A refused field typed in: its message no longer describes what is there. */
  private changed(form: Form, event: Event): void {
    const input = event.target
    if (!(input instanceof HTMLInputElement)) return
    if (input.name in PROFILE_LIMITS) {
      this.typed[input.name as keyof typeof PROFILE_LIMITS] = input.value.length
      this.requestUpdate()
    }
    this.forget(form, input.name)
  }

  private text(
    form: Form,
    id: string,
    name: string,
    label: string,
    value: string,
    attributes: { type?: string; autocomplete: string },
    hint?: string,
  ) {
    // A profile field the server limits shows its limit as it is typed in (the password fields have their own rule).
    const max = form === 'profile' && name in PROFILE_LIMITS ? PROFILE_LIMITS[name as keyof typeof PROFILE_LIMITS] : undefined
    const length = this.typed[name as keyof typeof PROFILE_LIMITS] ?? value.length
    return field(
      { id, label, hint, error: this.forms[form].errors[name], ...(max === undefined ? {} : { limit: { max, length, words: { unit: this.words!.characters, count: this.words!.characterCount } } }) },
      (a) =>
        html`<input
          id=${a.id}
          name=${name}
          type=${attributes.type ?? 'text'}
          autocomplete=${attributes.autocomplete}
          maxlength=${max ?? (attributes.type === 'email' ? EMAIL_MAX_LENGTH : nothing)}
          .value=${value}
          aria-invalid=${a.invalid}
          aria-describedby=${a.describedBy}
        />`,
    )
  }

  private outcome(form: Form, words: AccountWords): TemplateResult {
    return html`${this.forms[form].alert(words.fixFields)} ${this.forms[form].status()}`
  }

  /**
   * "Change password" (the current one, then the new one); on a passkey-only
   * account, which has no current password to type, "Set a password" (the
   * new one twice).
   */
  private passwordForm(hasPassword: boolean, words: AccountWords): TemplateResult {
    const fresh = (id: string, name: string, label: string, hint?: string) =>
      this.text('password', id, name, label, '', { type: 'password', autocomplete: 'new-password' }, hint)
    return html`${hasPassword ? nothing : html`<p>${words.setPasswordIntro}</p>`}
      <form
        class="panel account-form"
        aria-label=${hasPassword ? words.changeYourPassword : words.setYourPassword}
        @input=${(e: Event) => this.changed('password', e)}
        @submit=${(e: Event) => this.submit(e, 'password', 'POST', '/account/password')}
      >
        ${
          hasPassword
            ? this.text('password', 'password-current', 'current_password', words.currentPassword, '', {
                type: 'password',
                autocomplete: 'current-password',
              })
            : nothing
        }
        ${fresh('password-new', 'new_password', words.newPassword, words.newPasswordHint)}
        ${hasPassword ? nothing : fresh('password-confirm', 'confirm_password', words.confirmNewPassword)}
        <button type="submit" ?disabled=${this.forms.password.busy}>${hasPassword ? words.changePassword : words.setPassword}</button>
        ${this.outcome('password', words)}
      </form>`
  }

  override render(): TemplateResult | typeof nothing {
    const { profile, words } = this
    if (!profile || !words) return nothing
    const busy = (form: Form) => this.forms[form].busy
    return html`
      <h2 class="section">${words.nameAndPicture}</h2>
      <form
        class="panel account-form"
        aria-label=${words.nameAndPicture}
        @input=${(e: Event) => this.changed('profile', e)}
        @submit=${(e: Event) => this.submit(e, 'profile', 'PUT', '/account/profile')}
      >
        ${this.text('profile', 'profile-name', 'name', words.nameShown, profile.name, { autocomplete: 'name' })}
        ${this.text('profile', 'profile-given-name', 'given_name', words.givenName, profile.given_name ?? '', { autocomplete: 'given-name' })}
        ${this.text('profile', 'profile-family-name', 'family_name', words.familyName, profile.family_name ?? '', { autocomplete: 'family-name' })}
        ${this.text(
          'profile',
          'profile-picture',
          'picture',
          words.pictureAddress,
          profile.picture ?? '',
          { type: 'url', autocomplete: 'photo' },
          words.pictureHint,
        )}
        <button type="submit" ?disabled=${busy('profile')}>${words.saveNameAndPicture}</button>
        ${this.outcome('profile', words)}
      </form>

      <h2 class="section">${words.passwordHeading}</h2>
      ${this.passwordForm(profile.has_password, words)}

      <h2 class="section">${words.emailHeading}</h2>
      <form
        class="panel account-form"
        aria-label=${words.changeYourEmail}
        @input=${(e: Event) => this.changed('email', e)}
        @submit=${(e: Event) => this.submit(e, 'email', 'POST', '/account/email')}
      >
        <p>${say(words.yourAddressIs, { email: profile.email })}</p>
        ${
          profile.pending_email
            ? html`<p class="pending">${say(words.pendingEmail, { email: profile.pending_email })}</p>`
            : nothing
        }
        ${this.text('email', 'email-new', 'email', words.newEmail, '', { type: 'email', autocomplete: 'email' })}
        ${
          profile.has_password
            ? this.text('email', 'email-current-password', 'current_password', words.currentPassword, '', {
                type: 'password',
                autocomplete: 'current-password',
              })
            : nothing
        }
        <button type="submit" ?disabled=${busy('email')}>${words.sendConfirmationLink}</button>
        ${this.outcome('email', words)}
      </form>
    `
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-account-settings': SvcConsoleAccountSettings
  }
}

if (!customElements.get('svc-console-account-settings')) customElements.define('svc-console-account-settings', SvcConsoleAccountSettings)
