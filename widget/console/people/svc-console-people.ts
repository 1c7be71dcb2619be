/**
 * @module `<svc-console-people>`: the people an operator (everyone, or one
 * organisation's) or an organisation admin (their organisation's) manages,
 * searched by name or e-mail a page at a time, each with their role,
 * organisation and state and the actions on them (`person-actions.ts`);
 * and a form to invite someone (e-mail, name, role), offering only the
 * roles the viewer may give (an admin cannot make a developer). Removing
 * and signing out everywhere ask first, naming the person. The search and an operator's choice of
 * organisation are kept in the address (`?q=…&organisation=CODE`). Each
 * person's second factors (passkey, authenticator app) are shown, and an
 * operator finds above the list the switch that requires one of console
 * roles (`svc-console-second-factor-requirement.ts`).
 */
import { html, LitElement, nothing, type TemplateResult } from 'lit'
import type { ConsoleInvited, ConsolePeople, ConsolePerson, ConsolePersonChanged } from '../../../shared/console-wire.js'
import { type InvitableRole, rolesInvitableBy } from '../../../shared/invitable-roles.js'
import { consoleApi, type ConsoleMe } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { field, fieldsSummary } from '../console-field.js'
import { consoleStyles } from '../console-styles.js'
import { counted } from '../console-words.js'
import { peopleStyles } from './people-styles.js'
import { PERSON_NAME_MAX } from '../../../shared/field-limits.js'
import { EMAIL_MAX_LENGTH } from '../../../shared/email-address.js'
import { TypedLengths } from '../typed-lengths.js'
import { type PersonHandlers, personActions, ROLE_WORDS, secondFactorWords, STATE_WORDS } from './person-actions.js'
import './svc-console-second-factor-requirement.js'

/** The roles an invitation gives, as the form offers them; only those the viewer may give are shown. */
const ROLE_CHOICES: [InvitableRole, string][] = [
  ['marketer', 'Marketer (edits ads)'],
  ['developer', 'Developer (clients and webhooks)'],
  ['admin', 'Admin (ads, API keys and people)'],
]

/** The languages svc's pages and mails speak, each named in itself. */
const MAIL_LANGUAGES = [
  ['en', 'English'],
  ['de', 'Deutsch'],
  ['es', 'Español'],
  ['fr', 'Français'],
  ['it', 'Italiano'],
  ['nl', 'Nederlands'],
  ['pt', 'Português'],
] as const

/** The browser's language when svc speaks it, else English: whom an admin invites often shares it. */
const browserLanguage = () => MAIL_LANGUAGES.find(([code]) => navigator.language.toLowerCase().startsWith(code))?.[0] ?? 'en'

/** What each action did, in a sentence naming the person. */
const DONE: Record<Parameters<PersonHandlers['act']>[1], (name: string) => string> = {
  disable: (name) => `${name} is disabled: they are signed out everywhere and cannot sign in until enabled.`,
  enable: (name) => `${name} is enabled: they can sign in again.`,
  'sign-out': (name) => `${name} is signed out everywhere.`,
  'password-reset': (name) => `A mail with a link to set a new password is on its way to ${name}.`,
  invitation: (name) => `The invitation is on its way to ${name} again; the earlier link no longer works.`,
  'authenticator/remove': (name) =>
    `The authenticator app of ${name} is removed, with its recovery codes: their password alone signs them in until they set up a new one. They were mailed.`,
}

/** What each action asks before it acts, when it cannot be taken back. */
const QUESTION: Partial<Record<Parameters<PersonHandlers['act']>[1], (name: string) => string>> = {
  'sign-out': (name) =>
    `Sign ${name} out everywhere? Every session of theirs ends, the console's too, and the applications they use lose their tokens until they sign in again.`,
  'authenticator/remove': (name) =>
    `Remove the authenticator app of ${name}? Do it when they lost their phone and you know it is them asking: their password alone will sign them in until they set up a new one.`,
}


/**
 * The People page.
 *
 * @summary `<svc-console-people .me=${me}>`
 */
export class SvcConsolePeople extends LitElement {
  static override styles = [consoleStyles, peopleStyles]
  static override properties = { me: { attribute: false }, removing: { state: true } }
  declare me: ConsoleMe
  /** The person whose removal waits for a yes. */
  declare removing: ConsolePerson | undefined
  private search = ''
  /** The organisation shown; '' for everyone (an operator's only). */
  private organisation = ''
  private page = 1
  private readonly lengths = new TypedLengths(this)
  private readonly people = new ConsoleDataController(this, (signal) => {
    const query = new URLSearchParams({ q: this.search, page: String(this.page) })
    if (this.organisation) query.set('organisation', this.organisation)
    return consoleApi<ConsolePeople>('GET', `/people?${query}`, { signal })
  })

  override connectedCallback(): void {
    super.connectedCallback()
    const params = new URLSearchParams(location.search)
    this.search = params.get('q') ?? ''
    const chosen = params.get('organisation') ?? ''
    this.organisation = this.me.roles.operator ? (this.me.organisations.some((org) => org.code === chosen) ? chosen : '') : ''
    void this.people.load()
  }

  /** Keeps the search in the address, so a reload or a shared link shows the same people. */
  private remember(): void {
    const url = new URL(location.href)
    for (const [name, value] of [
      ['q', this.search],
      ['organisation', this.organisation],
    ] as const)
      if (value) url.searchParams.set(name, value)
      else url.searchParams.delete(name)
    history.replaceState(history.state, '', url)
  }

  private find(event: Event): void {
    event.preventDefault()
    const form = new FormData(event.target as HTMLFormElement)
    this.search = String(form.get('q') ?? '').trim()
    this.organisation = String(form.get('organisation') ?? this.organisation)
    this.page = 1
    this.remember()
    this.people.notice = ''
    void this.people.load({ fresh: true })
  }

  private turn(page: number): void {
    this.page = page
    void this.people.load({ fresh: true })
  }

  private invite(event: Event): void {
    event.preventDefault()
    const element = event.target as HTMLFormElement
    const form = new FormData(element)
    const body = {
      organisation: this.me.roles.operator ? String(form.get('organisation') ?? '') : (this.me.roles.organisation ?? ''),
      email: String(form.get('email') ?? ''),
      name: String(form.get('name') ?? ''),
      role: String(form.get('role') ?? ''),
      locale: String(form.get('locale') ?? ''),
    }
    void this.people.act(async (signal) => {
      const invited = await consoleApi<ConsoleInvited>('POST', '/people', { body, signal })
      element.reset()
      return `Invited ${invited.invited}: the mail with the link to choose a password is on its way.`
    })
  }

  private readonly handlers: PersonHandlers = {
    changeRole: (person, role, operator) =>
      void this.people.act(async (signal) => {
        const body = operator === undefined ? { role } : { role, operator }
        const { person: now } = await consoleApi<ConsolePersonChanged>('POST', `/people/${encodeURIComponent(person.sub)}/role`, {
          body,
          signal,
        })
        return `${now.name} is now ${now.role === 'none' ? 'without a role' : `${/^[aeiou]/.test(now.role) ? 'an' : 'a'} ${ROLE_WORDS[now.role]}`}.`
      }),
    act: (person, action) => {
      // Ending every session of someone, or taking their second factor, cannot be taken back: the page asks first, naming them.
      const question = QUESTION[action]
      if (question && !confirm(question(person.name))) return
      void this.people.act(async (signal) => {
        await consoleApi<ConsolePersonChanged>('POST', `/people/${encodeURIComponent(person.sub)}/${action}`, { body: {}, signal })
        return DONE[action](person.name)
      })
    },
    askToRemove: (person) => {
      this.removing = person
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLDialogElement>('dialog')?.showModal())
    },
  }

  private removePerson(person: ConsolePerson): void {
    this.removing = undefined
    void this.people.act(async (signal) => {
      await consoleApi('DELETE', `/people/${encodeURIComponent(person.sub)}`, { signal })
      return `${person.name} is removed: their account is gone.`
    })
  }

  private row(person: ConsolePerson): TemplateResult {
    const giveable = rolesInvitableBy(this.me.roles)
    return html`<tr>
      <td data-label="Name" class="name"><bdi>${person.name}</bdi>${person.you ? html` <span class="you">(you)</span>` : nothing}</td>
      <td data-label="Email" class="email">${person.email}</td>
      <td data-label="Role">${ROLE_WORDS[person.role]}</td>
      <td data-label="Organisation"><bdi>${person.organisation?.name ?? 'none'}</bdi></td>
      <td data-label="State" class=${`state state--${person.state}`}>${STATE_WORDS[person.state]}</td>
      <td data-label="Second factor" class=${person.second_factor && secondFactorWords(person) === 'none' && person.role !== 'none' ? 'factor factor--none' : 'factor'}>
        ${secondFactorWords(person)}
      </td>
      <td data-label="Actions">${personActions(person, this.me, giveable, this.handlers)}</td>
    </tr>`
  }

  private pages(answer: ConsolePeople): TemplateResult | typeof nothing {
    const last = Math.max(1, Math.ceil(answer.total / answer.per_page))
    if (last === 1) return nothing
    return html`<nav aria-label="Pages of people" class="pages">
      <button type="button" ?disabled=${answer.page <= 1} @click=${() => this.turn(answer.page - 1)}>Previous</button>
      <span>Page ${answer.page} of ${last}</span>
      <button type="button" ?disabled=${answer.page >= last} @click=${() => this.turn(answer.page + 1)}>Next</button>
    </nav>`
  }

  private removal(): TemplateResult | typeof nothing {
    const person = this.removing
    if (!person) return nothing
    return html`<dialog aria-labelledby="remove-title" @close=${() => (this.removing = undefined)}>
      <h2 id="remove-title" dir="auto">Remove ${person.name}?</h2>
      <p>
        The account of <bdi>${person.name}</bdi> (${person.email}) goes for good, with its sessions and consents; the applications they used
        are told. This cannot be undone.
      </p>
      <form method="dialog" class="dialog-buttons">
        <button type="button" class="danger" @click=${() => this.removePerson(person)}>Remove <bdi>${person.name}</bdi></button>
        <button value="cancel">Cancel</button>
      </form>
    </dialog>`
  }

  override render(): TemplateResult {
    const answer = this.people.data
    const { errors } = this.people
    return html`
      <h1>People</h1>
      ${this.me.roles.operator ? html`<svc-console-second-factor-requirement></svc-console-second-factor-requirement>` : nothing}
      <form role="search" @submit=${this.find} class="people-search">
        ${field(
          { id: 'q', label: 'Search by name or e-mail' },
          (a) => html`<input id=${a.id} name="q" type="search" dir="auto" .value=${this.search} />`,
        )}
        ${
          this.me.roles.operator
            ? field(
                { id: 'organisation-filter', label: 'Organisation' },
                (a) =>
                  html`<select id=${a.id} name="organisation">
                    <option value="" ?selected=${this.organisation === ''}>All organisations</option>
                    ${this.me.organisations.map(
                      (org) => html`<option value=${org.code} ?selected=${org.code === this.organisation} dir="auto">${org.name}</option>`,
                    )}
                  </select>`,
              )
            : nothing
        }
        <button type="submit">Search</button>
      </form>
      ${this.people.status()} ${this.people.alert(fieldsSummary(errors))}
      ${
        answer === undefined
          ? this.people.loading
            ? html`<p>Loading people…</p>`
            : nothing
          : answer.people.length === 0
            ? html`<p>${this.search ? `Nobody’s name or e-mail contains “${this.search}”.` : 'Nobody here yet: invite someone below.'}</p>`
            : html`<p class="count">${counted(answer.total, 'person', 'people')}</p>
                <table class="stacked people">
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Email</th>
                      <th scope="col">Role</th>
                      <th scope="col">Organisation</th>
                      <th scope="col">State</th>
                      <th scope="col">Second factor</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${answer.people.map((person) => this.row(person))}
                  </tbody>
                </table>
                ${this.pages(answer)}`
      }
      ${this.removal()}
      ${
        this.me.roles.operator && this.me.organisations.length === 0
          ? html`<section class="panel" aria-label="Invite someone">
              <h2>Invite someone</h2>
              <p>
                Everyone is invited into an organisation, and there is none yet.
                <a href="/console/organisations">Create an organisation</a> first.
              </p>
            </section>`
          : html`<form @submit=${this.invite} aria-label="Invite someone" class="panel">
              <h2>Invite someone</h2>
              ${
                this.me.roles.operator
                  ? field(
                      {
                        id: 'organisation',
                        label: 'Organisation',
                        error: errors.organisation,
                        say: { apiNames: ['organisation'], words: 'Organisation' },
                      },
                      (a) =>
                        html`<select id=${a.id} name="organisation" aria-invalid=${a.invalid} aria-describedby=${a.describedBy}>
                          ${this.me.organisations.map(
                            (org) =>
                              html`<option value=${org.code} ?selected=${org.code === this.organisation} dir="auto">${org.name}</option>`,
                          )}
                        </select>`,
                    )
                  : nothing
              }
              ${field(
                { id: 'email', label: 'Email', error: errors.email, say: { apiNames: ['email'], words: 'Email' } },
                (a) =>
                  html`<input id=${a.id} name="email" type="email" maxlength=${EMAIL_MAX_LENGTH} required aria-invalid=${a.invalid} aria-describedby=${a.describedBy} />`,
              )}
              ${field(
                {
                  id: 'name',
                  label: 'Name',
                  hint: 'Optional; they can change it later.',
                  error: errors.name,
                  say: { apiNames: ['name'], words: 'Name' },
                  limit: { max: PERSON_NAME_MAX, length: this.lengths.of('name', '') },
                },
                (a) =>
                  html`<input
                    id=${a.id}
                    name="name"
                    dir="auto"
                    maxlength=${PERSON_NAME_MAX}
                    aria-invalid=${a.invalid}
                    aria-describedby=${a.describedBy}
                  />`,
              )}
              ${field(
                { id: 'role', label: 'Role', error: errors.role, say: { apiNames: ['role'], words: 'Role' } },
                (a) =>
                  html`<select id=${a.id} name="role" aria-invalid=${a.invalid} aria-describedby=${a.describedBy}>
                    ${ROLE_CHOICES.filter(([role]) => rolesInvitableBy(this.me.roles).includes(role)).map(
                      ([role, words]) => html`<option value=${role}>${words}</option>`,
                    )}
                  </select>`,
              )}
              ${field(
                {
                  id: 'locale',
                  label: 'Language of the mail',
                  hint: 'The invitation and the pages its link opens speak it.',
                  error: errors.locale,
                  say: { apiNames: ['locale'], words: 'Language' },
                },
                (a) =>
                  html`<select id=${a.id} name="locale" aria-invalid=${a.invalid} aria-describedby=${a.describedBy}>
                    ${MAIL_LANGUAGES.map(
                      ([code, name]) => html`<option value=${code} ?selected=${code === browserLanguage()} lang=${code}>${name}</option>`,
                    )}
                  </select>`,
              )}
              <button type="submit" class="primary">Send invitation</button>
            </form>`
      }
    `
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-people': SvcConsolePeople
  }
}

if (!customElements.get('svc-console-people')) customElements.define('svc-console-people', SvcConsolePeople)
