/**
 * @module The actions the People page offers on one person, inside their
 * row: change the role (and, for an operator, whether they are one),
 * disable or enable, sign out everywhere, mail a password-reset link,
 * send the invitation again, remove their authenticator app (a lost
 * phone), remove. Only what the viewer may do is
 * offered (an admin never sees "operator", nobody sees Disable or Remove
 * on themselves); the server refuses the rest with a sentence anyway.
 */
import { html, nothing, type TemplateResult } from 'lit'
import type { ConsolePerson } from '../../../shared/console-wire.js'
import type { ConsoleMe } from '../console-api.js'

/** The role words the People page and its choices use, as the CLI and invitations do. */
export const ROLE_WORDS: Record<ConsolePerson['role'], string> = {
  operator: 'operator',
  admin: 'admin',
  marketer: 'marketer',
  developer: 'developer',
  none: 'no role',
}

/** Each state in a sentence's words. */
export const STATE_WORDS: Record<ConsolePerson['state'], string> = {
  active: 'active',
  invited: 'invited, not yet accepted',
  unconfirmed: 'e-mail unconfirmed',
  disabled: 'disabled',
}

/** What the row's buttons call; each resolves once the page has the answer. */
export interface PersonHandlers {
  changeRole(person: ConsolePerson, role: string, operator: boolean | undefined): void
  act(person: ConsolePerson, action: 'disable' | 'enable' | 'sign-out' | 'password-reset' | 'invitation' | 'authenticator/remove'): void
  askToRemove(person: ConsolePerson): void
}

/**
 * The actions of one row, in a disclosure named after the person.
 *
 * @example
 * html`<td>${personActions(person, me, roles, handlers)}</td>`
 */
export function personActions(person: ConsolePerson, me: ConsoleMe, giveable: readonly string[], handlers: PersonHandlers): TemplateResult {
  const id = `role-${person.sub}`
  const submit = (event: Event) => {
    event.preventDefault()
    const form = new FormData(event.target as HTMLFormElement)
    handlers.changeRole(person, String(form.get('role')), me.roles.operator ? form.get('operator') === 'yes' : undefined)
  }
  // An operator's role beneath it, so saving the form unchanged changes nothing.
  const current = person.organisation_role
  return html`<details class="person-actions">
    <summary>Manage <span class="visually-hidden" dir="auto">${person.name}</span></summary>
    <form @submit=${submit} aria-label=${`Role of ${person.name}`} class="role-form">
      <label for=${id}>Role</label>
      <select id=${id} name="role">
        ${[...new Set([...giveable, current, 'none'])].map(
          (role) => html`<option value=${role} ?selected=${role === current}>${ROLE_WORDS[role as ConsolePerson['role']] ?? role}</option>`,
        )}
      </select>
      ${
        me.roles.operator
          ? html`<label class="check"
              ><input type="checkbox" name="operator" value="yes" ?checked=${person.role === 'operator'} /> Operator (runs all of
              svc)</label
            >`
          : nothing
      }
      <button type="submit">Save role</button>
    </form>
    <div class="person-buttons">
      ${
        person.you
          ? nothing
          : person.state === 'disabled'
            ? html`<button type="button" @click=${() => handlers.act(person, 'enable')}>Enable</button>`
            : html`<button type="button" @click=${() => handlers.act(person, 'disable')}>Disable</button>`
      }
      <button type="button" @click=${() => handlers.act(person, 'sign-out')}>Sign out everywhere</button>
      ${
        person.state === 'invited'
          ? html`<button type="button" @click=${() => handlers.act(person, 'invitation')}>Send the invitation again</button>`
          : person.state === 'disabled'
            ? nothing
            : html`<button type="button" @click=${() => handlers.act(person, 'password-reset')}>Send a password-reset mail</button>`
      }
      ${
        // Someone's own is removed on their account page, with a code.
        person.second_factor?.authenticator && !person.you
          ? html`<button type="button" @click=${() => handlers.act(person, 'authenticator/remove')}>Remove the authenticator app</button>`
          : nothing
      }
      ${person.you ? nothing : html`<button type="button" class="danger" @click=${() => handlers.askToRemove(person)}>Remove…</button>`}
    </div>
  </details>`
}

/**
 * The second factors a person holds, in words: what an operator reads to
 * see who a required second factor would stop.
 *
 * @example
 * secondFactorWords(person) // 'passkey, authenticator app'
 */
export function secondFactorWords(person: ConsolePerson): string {
  const held = [person.second_factor?.passkey ? 'passkey' : '', person.second_factor?.authenticator ? 'authenticator app' : ''].filter(
    Boolean,
  )
  return held.length === 0 ? 'none' : held.join(', ')
}
