/**
 * @module `<svc-console-second-factor-requirement>`: the operator's switch,
 * above People's list, that requires a second factor (a passkey, or a
 * password and an authenticator app's code) of everyone with a console
 * role. It says what turning it on does, who it stops (People's "Second
 * factor" column), and, when the operator's own sign-in used one factor,
 * why it cannot be turned on yet, with the way to the account page: said
 * once, beside a button that stays disabled until they sign in with two.
 */
import { css, html, LitElement, nothing, type TemplateResult } from 'lit'
import type { ConsoleSecondFactorRequirement } from '../../../shared/console-wire.js'
import { consoleApi } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { consoleStyles } from '../console-styles.js'

/**
 * The operator's second-factor switch.
 *
 * @summary `<svc-console-second-factor-requirement>`
 */
export class SvcConsoleSecondFactorRequirement extends LitElement {
  static override styles = [
    consoleStyles,
    css`
      :host {
        display: block;
        margin: 0 0 1.5rem;
        padding: 0.75rem 1rem;
        border: 1px solid #d0d7de;
        border-radius: 6px;
        background: #fff;
      }
      h2 {
        margin: 0 0 0.25rem;
        font-size: 1.1rem;
      }
      p {
        margin: 0.25rem 0 0.5rem;
      }
      button[aria-disabled='true'] {
        opacity: 0.55;
        cursor: not-allowed;
      }
    `,
  ]
  private readonly requirement = new ConsoleDataController(this, (signal) =>
    consoleApi<ConsoleSecondFactorRequirement>('GET', '/second-factor', { signal }),
  )

  override connectedCallback(): void {
    super.connectedCallback()
    void this.requirement.load()
  }

  private set(required: boolean, stopsYou = false): void {
    // The note beside the button says why: the server's refusal would only say it a second time.
    if (stopsYou) return
    void this.requirement.act(async (signal) => {
      await consoleApi<ConsoleSecondFactorRequirement>('PUT', '/second-factor', { body: { required }, signal })
      return required
        ? 'A second factor is now required: anyone with a console role who signed in with one factor can use only their account page until they add one and sign in with it.'
        : 'A second factor is no longer required for console roles.'
    })
  }

  override render(): TemplateResult {
    const state = this.requirement.data
    return html`<section aria-labelledby="second-factor-title">
      <h2 id="second-factor-title">Second factor for console roles</h2>
      ${this.requirement.status()} ${this.requirement.alert()}
      ${
        state === undefined
          ? nothing
          : state.required
            ? html`<p>
                  <strong>Required.</strong> Admins, marketers, developers and operators must sign in with a passkey, or with their password
                  and an authenticator app’s code. Whoever signed in with one factor sees only their account page until they do.
                </p>
                <button type="button" ?disabled=${this.requirement.busy} @click=${() => this.set(false)}>Stop requiring it</button>`
            : html`<p>
                  <strong>Not required.</strong> Require it to make everyone with a console role sign in with a passkey, or with their
                  password and an authenticator app’s code. People without one (“none” under Second factor below) can then use only their
                  account page until they add one. Partner sites’ sign-ins do not change.
                </p>
                ${
                  state.you_signed_in_with_second_factor
                    ? nothing
                    : html`<p class="hint" id="stops-you">
                        You signed in with one factor, so you would be stopped first: add a passkey or an authenticator app on
                        <a href="/console/account#second-factor">your account page</a>, sign in again with it, then turn this on.
                      </p>`
                }
                <button
                  type="button"
                  class="primary"
                  ?disabled=${this.requirement.busy}
                  aria-disabled=${state.you_signed_in_with_second_factor ? nothing : 'true'}
                  aria-describedby=${state.you_signed_in_with_second_factor ? nothing : 'stops-you'}
                  @click=${() => this.set(true, !state.you_signed_in_with_second_factor)}
                >
                  Require a second factor
                </button>`
      }
    </section>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-second-factor-requirement': SvcConsoleSecondFactorRequirement
  }
}

if (!customElements.get('svc-console-second-factor-requirement'))
  customElements.define('svc-console-second-factor-requirement', SvcConsoleSecondFactorRequirement)
