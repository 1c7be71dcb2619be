/**
 * @module `<svc-console-account-settings>`: the account page's three
 * forms, each with its own refusals and success line: name and picture,
 * the password (current one required), and the e-mail address (current
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

type Profile = ConsoleAccount['profile']
const FORMS = ['profile', 'password', 'email'] as const
type Form = (typeof FORMS)[number]
const FIX = 'Fix the fields marked above.'

/**
 * The forms; `profile` is the account as last loaded.
 *
 * @summary `<svc-console-account-settings>`
 */
export class SvcConsoleAccountSettings extends LitElement {
  static override styles = consoleStyles
  static override properties = { profile: { attribute: false } }
  declare profile: Profile | undefined
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
        for (const other of FORMS) if (other !== form) this.forget(other)
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
    if (input instanceof HTMLInputElement) this.forget(form, input.name)
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
    return field(
      { id, label, hint, error: this.forms[form].errors[name] },
      (a) =>
        html`<input
          id=${a.id}
          name=${name}
          type=${attributes.type ?? 'text'}
          autocomplete=${attributes.autocomplete}
          .value=${value}
          aria-invalid=${a.invalid}
          aria-describedby=${a.describedBy}
        />`,
    )
  }

  private outcome(form: Form): TemplateResult {
    return html`${this.forms[form].alert(FIX)} ${this.forms[form].status()}`
  }

  override render(): TemplateResult | typeof nothing {
    const profile = this.profile
    if (!profile) return nothing
    const busy = (form: Form) => this.forms[form].busy
    return html`
      <h2 class="section">Name and picture</h2>
      <form
        class="panel account-form"
        aria-label="Name and picture"
        @input=${(e: Event) => this.changed('profile', e)}
        @submit=${(e: Event) => this.submit(e, 'profile', 'PUT', '/account/profile')}
      >
        ${this.text('profile', 'profile-name', 'name', 'Name shown', profile.name, { autocomplete: 'name' })}
        ${this.text('profile', 'profile-given-name', 'given_name', 'Given name', profile.given_name ?? '', { autocomplete: 'given-name' })}
        ${this.text('profile', 'profile-family-name', 'family_name', 'Family name', profile.family_name ?? '', { autocomplete: 'family-name' })}
        ${this.text(
          'profile',
          'profile-picture',
          'picture',
          'Picture address',
          profile.picture ?? '',
          { type: 'url', autocomplete: 'photo' },
          'A web address (https://…) of an image; empty for none.',
        )}
        <button type="submit" ?disabled=${busy('profile')}>Save name and picture</button>
        ${this.outcome('profile')}
      </form>

      <h2 class="section">Password</h2>
      <form
        class="panel account-form"
        aria-label="Change your password"
        @input=${(e: Event) => this.changed('password', e)}
        @submit=${(e: Event) => this.submit(e, 'password', 'POST', '/account/password')}
      >
        ${this.text('password', 'password-current', 'current_password', 'Current password', '', { type: 'password', autocomplete: 'current-password' })}
        ${this.text(
          'password',
          'password-new',
          'new_password',
          'New password',
          '',
          { type: 'password', autocomplete: 'new-password' },
          'At least 12 characters; a few unrelated words make a good one. Every other session is signed out.',
        )}
        <button type="submit" ?disabled=${busy('password')}>Change password</button>
        ${this.outcome('password')}
      </form>

      <h2 class="section">E-mail address</h2>
      <form
        class="panel account-form"
        aria-label="Change your e-mail address"
        @input=${(e: Event) => this.changed('email', e)}
        @submit=${(e: Event) => this.submit(e, 'email', 'POST', '/account/email')}
      >
        <p>Your address is <span dir="auto">${profile.email}</span>.</p>
        ${
          profile.pending_email
            ? html`<p class="pending">
                A change to <span dir="auto">${profile.pending_email}</span> waits for you to follow the link mailed there (it works for 24
                hours).
              </p>`
            : nothing
        }
        ${this.text('email', 'email-new', 'email', 'New e-mail address', '', { type: 'email', autocomplete: 'email' })}
        ${this.text('email', 'email-current-password', 'current_password', 'Current password', '', {
          type: 'password',
          autocomplete: 'current-password',
        })}
        <button type="submit" ?disabled=${busy('email')}>Send confirmation link</button>
        ${this.outcome('email')}
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
