/**
 * @module `<svc-console-organisations>`: the Organisations page. An
 * operator lists every organisation (archived ones too) with its code,
 * origins and how many keys and ads it has, creates one, renames it, sets
 * its origins, archives and unarchives it, and goes from its row to its
 * first API key. An organisation's admin sees only their own and may
 * rename it and set its origins. Origins are typed one per line and
 * checked by the server as `svc-bff org create` checks them.
 */
import { css, html, LitElement, nothing, type TemplateResult } from 'lit'
import type {
  ConsoleOrganisation,
  ConsoleOrganisationAnswer,
  ConsoleOrganisationArchive,
  ConsoleOrganisationInput,
  ConsoleOrganisationList,
} from '../../../shared/console-wire.js'
import { consoleApi, type ConsoleMe } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { field, fieldsSummary } from '../console-field.js'
import { consoleStyles } from '../console-styles.js'
import { counted } from '../console-words.js'
import { ORGANISATION_NAME_MAX } from '../../../shared/field-limits.js'
import { TypedLengths } from '../typed-lengths.js'

const ORIGIN_WORDS = { apiNames: ['origins', 'origin'], words: 'Origin' } as const
const NAME_WORDS = { apiNames: ['name'], words: 'Name' } as const

/**
 * The Organisations page.
 *
 * @summary `<svc-console-organisations .me=${me}>`
 * @event account-changed - An organisation was created, renamed or archived: the console reloads who is signed in, so its pickers follow.
 */
export class SvcConsoleOrganisations extends LitElement {
  static override styles = [
    consoleStyles,
    css`
      textarea {
        min-height: 5rem;
      }
      ul.origins {
        margin: 0;
        padding-inline-start: 1rem;
        overflow-wrap: anywhere;
      }
      .archived {
        color: #57606a;
      }
    `,
  ]
  static override properties = { me: { attribute: false }, editing: { state: true } }
  declare me: ConsoleMe
  /** The code of the organisation whose name and origins are being edited; empty when none. */
  declare editing: string
  private readonly lengths = new TypedLengths(this)
  private readonly organisations = new ConsoleDataController(this, (signal) =>
    consoleApi<ConsoleOrganisationList>('GET', '/organisations', { signal }),
  )

  constructor() {
    super()
    this.editing = ''
  }

  override connectedCallback(): void {
    super.connectedCallback()
    void this.organisations.load()
  }

  /** The console's pickers list organisations from who is signed in, so they are read again after a change. */
  private changed(): void {
    this.dispatchEvent(new CustomEvent('account-changed', { bubbles: true, composed: true }))
  }

  private create(event: Event): void {
    event.preventDefault()
    const element = event.target as HTMLFormElement
    const form = new FormData(element)
    const input: ConsoleOrganisationInput = { name: String(form.get('name') ?? ''), origins: String(form.get('origins') ?? '') }
    this.editing = ''
    void this.organisations
      .act(async (signal) => {
        const { organisation } = await consoleApi<ConsoleOrganisationAnswer>('POST', '/organisations', { body: input, signal })
        element.reset()
        return `Created ${organisation.name} (${organisation.code}). Next: create its first API key.`
      })
      .then((done) => done && this.changed())
  }

  private save(event: Event, organisation: ConsoleOrganisation): void {
    event.preventDefault()
    const form = new FormData(event.target as HTMLFormElement)
    const input: ConsoleOrganisationInput = { name: String(form.get('name') ?? ''), origins: String(form.get('origins') ?? '') }
    void this.organisations
      .act(async (signal) => {
        const { organisation: saved } = await consoleApi<ConsoleOrganisationAnswer>(
          'PUT',
          `/organisations/${encodeURIComponent(organisation.code)}`,
          { body: input, signal },
        )
        this.editing = ''
        const same = saved.name === organisation.name && saved.origins.join('\n') === organisation.origins.join('\n')
        return same ? `Nothing changed in ${saved.name}.` : `Saved ${saved.name}.`
      })
      .then((done) => done && this.changed())
  }

  private archive(organisation: ConsoleOrganisation, archived: boolean): void {
    if (
      archived &&
      !confirm(`Archive ${organisation.name}? Its ads stop being served and its API keys stop answering until you unarchive it.`)
    )
      return
    this.editing = ''
    void this.organisations
      .act(async (signal) => {
        await consoleApi<ConsoleOrganisationAnswer>('PUT', `/organisations/${encodeURIComponent(organisation.code)}/archived`, {
          body: { archived } satisfies ConsoleOrganisationArchive,
          signal,
        })
        return archived
          ? `Archived ${organisation.name}: its ads are not served and its keys are refused.`
          : `Unarchived ${organisation.name}: its published ads are served again.`
      })
      .then((done) => done && this.changed())
  }

  private edit(organisation: ConsoleOrganisation): void {
    this.editing = this.editing === organisation.code ? '' : organisation.code
    this.organisations.errors = {}
    this.organisations.notice = ''
    this.organisations.problem = ''
    if (this.editing) void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLInputElement>('#edit-name')?.focus())
  }

  override render(): TemplateResult {
    const { errors } = this.organisations
    const list = this.organisations.data
    return html`
      <h1>Organisations</h1>
      <p class="hint">
        An organisation is a publisher whose ads svc serves. Its API keys let its pages ask for its ads; its origins are the sites a new key
        accepts unless you change them when you make the key.
      </p>
      ${this.organisations.status()} ${this.organisations.alert(fieldsSummary(errors))}
      ${list?.may_create ? this.newForm(this.editing ? {} : errors) : nothing}
      ${this.organisations.view('Loading organisations…', (loaded) => this.table(loaded), { alerted: true })}
    `
  }

  private newForm(errors: Record<string, string>): TemplateResult {
    return html`<form @submit=${this.create} aria-label="New organisation" class="panel">
      <h2>New organisation</h2>
      ${this.nameField('new-name', '', errors.name)} ${this.originsField('new-origins', '', errors.origins)}
      <button type="submit" class="primary">Create organisation</button>
    </form>`
  }

  private nameField(id: string, value: string, error: string | undefined): TemplateResult {
    return field(
      { id, label: 'Name', error, say: NAME_WORDS, limit: { max: ORGANISATION_NAME_MAX, length: this.lengths.of(id, value) } },
      (a) =>
        html`<input
          id=${a.id}
          name="name"
          dir="auto"
          required
          maxlength=${ORGANISATION_NAME_MAX}
          .value=${value}
          aria-invalid=${a.invalid}
          aria-describedby=${a.describedBy}
        />`,
    )
  }

  private originsField(id: string, value: string, error: string | undefined): TemplateResult {
    return field(
      { id, label: 'Origins', hint: 'One per line, like https://www.example.com. Empty means any site.', error, say: ORIGIN_WORDS },
      (a) =>
        html`<textarea
          id=${a.id}
          name="origins"
          dir="ltr"
          placeholder="https://www.example.com"
          .value=${value}
          aria-invalid=${a.invalid}
          aria-describedby=${a.describedBy}
        ></textarea>`,
    )
  }

  private table(list: ConsoleOrganisationList): TemplateResult {
    if (list.organisations.length === 0)
      return html`<p>There is no organisation yet.${list.may_create ? ' Create the first one above.' : ''}</p>`
    return html`<table class="stacked">
      <caption class="hint">
        ${counted(list.organisations.length, 'organisation', 'organisations')}
      </caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Code</th>
          <th scope="col">Origins</th>
          <th scope="col">Keys</th>
          <th scope="col">Ads</th>
          <th scope="col">State</th>
          <th scope="col"><span class="visually-hidden">Actions</span></th>
        </tr>
      </thead>
      <tbody>
        ${list.organisations.map((organisation) => this.row(organisation, list.may_create))}
      </tbody>
    </table>`
  }

  private row(organisation: ConsoleOrganisation, operator: boolean): TemplateResult {
    const archived = organisation.archived_at !== null
    const keysHref = `/console/keys?organisation=${encodeURIComponent(organisation.code)}`
    return html`<tr class=${archived ? 'archived' : ''}>
        <td data-label="Name"><bdi>${organisation.name}</bdi></td>
        <td data-label="Code"><code>${organisation.code}</code></td>
        <td data-label="Origins">
          ${
            organisation.origins.length === 0
              ? 'Any site'
              : html`<ul class="origins">
                  ${organisation.origins.map((origin) => html`<li>${origin}</li>`)}
                </ul>`
          }
        </td>
        <td data-label="Keys">${organisation.keys}</td>
        <td data-label="Ads">${organisation.ads}</td>
        <td data-label="State">${archived ? `Archived ${new Date(organisation.archived_at!).toLocaleDateString()}` : 'Active'}</td>
        <td class="row-actions">
          ${
            archived
              ? nothing
              : organisation.keys === 0
                ? html`<a class="button primary" href=${keysHref}>Create its first API key</a>`
                : html`<a class="button" href=${keysHref}>API keys</a>`
          }
          <button
            type="button"
            aria-expanded=${this.editing === organisation.code ? 'true' : 'false'}
            aria-label="Edit ${organisation.name}"
            @click=${() => this.edit(organisation)}
          >
            Edit
          </button>
          ${
            operator
              ? html`<button
                  type="button"
                  class=${archived ? '' : 'danger'}
                  aria-label="${archived ? 'Unarchive' : 'Archive'} ${organisation.name}"
                  @click=${() => this.archive(organisation, !archived)}
                >
                  ${archived ? 'Unarchive' : 'Archive'}
                </button>`
              : nothing
          }
        </td>
      </tr>
      ${this.editing === organisation.code ? this.editRow(organisation) : nothing}`
  }

  private editRow(organisation: ConsoleOrganisation): TemplateResult {
    const { errors } = this.organisations
    return html`<tr class="editing">
      <td colspan="7">
        <form @submit=${(event: Event) => this.save(event, organisation)} aria-label="Edit ${organisation.name}" class="panel">
          ${this.nameField('edit-name', organisation.name, errors.name)}
          ${this.originsField('edit-origins', organisation.origins.join('\n'), errors.origins)}
          <p class="hint">Keys made before keep their own origins; the new list is for keys made from now on.</p>
          <button type="submit" class="primary">Save</button>
          <button type="button" @click=${() => this.edit(organisation)}>Cancel</button>
        </form>
      </td>
    </tr>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-organisations': SvcConsoleOrganisations
  }
}

if (!customElements.get('svc-console-organisations')) customElements.define('svc-console-organisations', SvcConsoleOrganisations)
