/**
 * @module `<svc-console-people>`: an organisation's accounts with their
 * role, and a form to invite someone (e-mail, name, role), for operators
 * and the organisation's admins; the form offers only the roles the viewer
 * may give (an admin cannot make a developer). The invited person gets a mail with a
 * link to choose their password. An operator's choice of organisation is
 * kept in the address (`?organisation=CODE`), as on the API keys page.
 */
import { html, LitElement, nothing, type TemplateResult } from 'lit'
import type { ConsoleInvited, ConsolePeople } from '../../../shared/console-wire.js'
import { type InvitableRole, rolesInvitableBy } from '../../../shared/invitable-roles.js'
import { consoleApi, type ConsoleMe } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { field, fieldsSummary } from '../console-field.js'
import { consoleStyles } from '../console-styles.js'
import { organisationPicker, organisationToShow } from '../organisation-choice.js'

const ROLE_WORDS: Record<string, string> = {
  operator: 'Operator',
  admin: 'Admin',
  marketer: 'Marketer',
  developer: 'Developer',
  none: 'No console role',
}

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

/**
 * The People page.
 *
 * @summary `<svc-console-people .me=${me}>`
 */
export class SvcConsolePeople extends LitElement {
  static override styles = consoleStyles
  static override properties = { me: { attribute: false } }
  declare me: ConsoleMe
  private organisation = ''
  private readonly people = new ConsoleDataController(
    this,
    async (signal) =>
      (await consoleApi<ConsolePeople>('GET', `/people?organisation=${encodeURIComponent(this.organisation)}`, { signal })).people,
  )

  override connectedCallback(): void {
    super.connectedCallback()
    this.organisation = organisationToShow(this.me, new URLSearchParams(location.search))
    void this.people.load()
  }

  private invite(event: Event): void {
    event.preventDefault()
    const element = event.target as HTMLFormElement
    const form = new FormData(element)
    const body = {
      organisation: this.organisation,
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

  private chooseOrganisation(event: Event): void {
    this.organisation = (event.target as HTMLSelectElement).value
    const url = new URL(location.href)
    url.searchParams.set('organisation', this.organisation)
    history.replaceState(history.state, '', url)
    this.people.errors = {}
    this.people.notice = ''
    void this.people.load({ fresh: true })
  }

  override render(): TemplateResult {
    const people = this.people.data
    const { errors } = this.people
    return html`
      <h1>People</h1>
      ${
        this.me.roles.operator && !this.me.roles.organisation
          ? html`<div class="organisation-picker">${organisationPicker(this.me, this.organisation, this.chooseOrganisation)}</div>`
          : nothing
      }
      ${this.people.status()} ${this.people.alert(fieldsSummary(errors))}
      <form @submit=${this.invite} aria-label="Invite someone" class="panel">
        <h2>Invite someone</h2>
        ${field(
          { id: 'email', label: 'Email', error: errors.email, say: { apiNames: ['email'], words: 'Email' } },
          (a) => html`<input id=${a.id} name="email" type="email" required aria-invalid=${a.invalid} aria-describedby=${a.describedBy} />`,
        )}
        ${field(
          {
            id: 'name',
            label: 'Name',
            hint: 'Optional; they can change it later.',
            error: errors.name,
            say: { apiNames: ['name'], words: 'Name' },
          },
          (a) => html`<input id=${a.id} name="name" dir="auto" aria-invalid=${a.invalid} aria-describedby=${a.describedBy} />`,
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
      </form>
      ${
        people === undefined
          ? html`<p>Loading people…</p>`
          : html`<table class="stacked">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                ${people.map(
                  (person) =>
                    html`<tr>
                      <td data-label="Name" dir="auto">${person.name}</td>
                      <td data-label="Email">${person.email}</td>
                      <td data-label="Role">${ROLE_WORDS[person.role] ?? person.role}</td>
                      <td data-label="State">${person.email_verified ? 'Active' : 'Invited'}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`
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
