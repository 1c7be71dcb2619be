/**
 * @module `<svc-console-tokens>`: management API tokens, for operators
 * and organisation admins: the tokens of an organisation (an operator
 * chooses it, or the operator-wide tokens) newest first, a form to make
 * one (a name, read / read and write / nothing per resource, an expiry
 * offered as GitHub offers it for fine-grained tokens), the new token
 * shown once to copy, and revoking after a confirmation naming the token.
 * The choice is kept in the address (`?organisation=CODE` or
 * `?operator-wide=1`), so a reload or Back keeps it.
 */
import { html, LitElement, nothing, type TemplateResult } from 'lit'
import {
  type ConsoleManagementToken,
  type ConsoleManagementTokenCreated,
  type ConsoleManagementTokenInput,
  type ConsoleManagementTokenList,
  resourceWords,
  TOKEN_NAME_MAX,
} from '../../../shared/management-tokens-wire.js'
import { consoleApi, type ConsoleMe } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { field, fieldsSummary } from '../console-field.js'
import { consoleStyles } from '../console-styles.js'
import { noOrganisationYet } from '../organisation-choice.js'
import '../svc-copy-button.js'
import { tokensStyles } from './tokens-styles.js'
import { tokenTable } from './token-table.js'
import { TypedLengths } from '../typed-lengths.js'

/** The expiries offered, as GitHub offers them for fine-grained tokens: 30 days unless chosen otherwise. */
const EXPIRIES = [
  ['7', '7 days'],
  ['30', '30 days'],
  ['60', '60 days'],
  ['90', '90 days'],
  ['custom', 'A date…'],
  ['never', 'No expiry'],
] as const
const DEFAULT_EXPIRY = '30'
const DAY_MS = 24 * 60 * 60 * 1000
/** The operator-wide tokens in the picker and the address. */
const OPERATOR_WIDE = ''

/**
 * The API tokens page.
 *
 * @summary `<svc-console-tokens .me=${me}>`
 */
export class SvcConsoleTokens extends LitElement {
  static override styles = [consoleStyles, tokensStyles]
  static override properties = { me: { attribute: false }, created: { state: true }, expiry: { state: true } }
  declare me: ConsoleMe
  /** The token just made and its name, shown this once. */
  declare created: { name: string; token: string } | undefined
  /** The expiry chosen in the form. */
  declare expiry: string
  /** The organisation shown, or {@link OPERATOR_WIDE}. */
  private organisation = OPERATOR_WIDE
  private resources: string[] = []
  private readOnly: string[] = []
  private readonly lengths = new TypedLengths(this)
  private readonly tokens = new ConsoleDataController(this, async (signal) => {
    const query = this.organisation === OPERATOR_WIDE ? 'operator-wide=1' : `organisation=${encodeURIComponent(this.organisation)}`
    const list = await consoleApi<ConsoleManagementTokenList>('GET', `/tokens?${query}`, { signal })
    this.resources = list.resources
    this.readOnly = list.read_only
    return list.tokens
  })

  constructor() {
    super()
    this.created = undefined
    this.expiry = DEFAULT_EXPIRY
  }

  override connectedCallback(): void {
    super.connectedCallback()
    this.organisation = this.organisationToShow(new URLSearchParams(location.search))
    if (this.canMakeTokens()) void this.tokens.load()
  }

  /** An admin sees their organisation; an operator the one the address names, else their own, the first, or the operator-wide tokens. */
  private organisationToShow(params: URLSearchParams): string {
    const { roles, organisations } = this.me
    if (!roles.operator) return roles.organisation ?? ''
    if (params.get('operator-wide') === '1') return OPERATOR_WIDE
    const chosen = params.get('organisation')
    if (organisations.some((org) => org.code === chosen)) return chosen!
    return roles.organisation ?? organisations[0]?.code ?? OPERATOR_WIDE
  }

  /** An operator always may (operator-wide tokens need no organisation); an admin needs their organisation. */
  private canMakeTokens(): boolean {
    return this.me.roles.operator || this.me.organisations.length > 0
  }

  private create(event: Event): void {
    event.preventDefault()
    // The event's target is gone once it has been dispatched.
    const element = event.target as HTMLFormElement
    const form = new FormData(element)
    const name = String(form.get('name') ?? '')
    const input: ConsoleManagementTokenInput = {
      organisation: this.organisation === OPERATOR_WIDE ? null : this.organisation,
      name,
      scopes: this.resources.flatMap((resource) => {
        const access = String(form.get(`scope-${resource}`) ?? 'none')
        return access === 'none' ? [] : [`${resource}:${access}`]
      }),
      ...this.expiryInput(form),
    }
    // A token shown before goes when the next action starts, whatever it answers.
    this.created = undefined
    void this.tokens.act(async (signal) => {
      const made = await consoleApi<ConsoleManagementTokenCreated>('POST', '/tokens', { body: input, signal })
      this.created = { name: name.trim(), token: made.token }
      element.reset()
      this.expiry = DEFAULT_EXPIRY
    })
  }

  /** The form's expiry as the API takes it; a date expires at the end of that day where the browser is. */
  private expiryInput(form: FormData): Pick<ConsoleManagementTokenInput, 'expires_days' | 'expires_at'> {
    if (this.expiry === 'never') return {}
    if (this.expiry !== 'custom') return { expires_days: Number(this.expiry) }
    const date = /^(\d{4})-(\d\d)-(\d\d)$/.exec(String(form.get('expires_on') ?? ''))
    // No date chosen: the API refuses the empty value beside the field.
    if (!date) return { expires_at: '' }
    // The day's last millisecond, so the list says the chosen day (11:59 PM), not midnight of the next.
    return { expires_at: new Date(Number(date[1]), Number(date[2]) - 1, Number(date[3]), 23, 59, 59, 999).toISOString() }
  }

  private revoke(token: ConsoleManagementToken): void {
    if (!confirm(`Revoke the token “${token.name}” (${token.prefix}…)? Scripts using it are refused from their next call.`)) return
    this.created = undefined
    void this.tokens.act(async (signal) => {
      await consoleApi('DELETE', `/tokens/${token.id}`, { signal })
      return `Token “${token.name}” revoked.`
    })
  }

  private chooseOrganisation(event: Event): void {
    this.organisation = (event.target as HTMLSelectElement).value
    const url = new URL(location.href)
    url.searchParams.delete('organisation')
    url.searchParams.delete('operator-wide')
    if (this.organisation === OPERATOR_WIDE) url.searchParams.set('operator-wide', '1')
    else url.searchParams.set('organisation', this.organisation)
    history.replaceState(history.state, '', url)
    // What was shown or refused for the one before is not this one's.
    this.created = undefined
    this.tokens.errors = {}
    this.tokens.notice = ''
    void this.tokens.load({ fresh: true })
  }

  override render(): TemplateResult {
    const intro = html`<h1>API tokens</h1>
      <p class="hint">
        A management API token lets a script or another system (a CMS creating ads, a partner onboarding script) work with svc through its
        management API, without a person signing in. Give each token only what its job needs, and an expiry. What the API offers:
        <a href="/api/v1/docs" data-navigate="page">the API reference</a>.
      </p>`
    if (!this.canMakeTokens()) return html`${intro}${noOrganisationYet(this.me)}`
    const { errors } = this.tokens
    return html`
      ${intro} ${this.picker()} ${this.shownOnce()} ${this.tokens.status()} ${this.tokens.alert(fieldsSummary(errors))}
      ${this.tokens.view(
        'Loading tokens…',
        (tokens) =>
          html`${
            tokens.length === 0
              ? html`<p class="empty">
                  ${
                    this.organisation === OPERATOR_WIDE
                      ? 'There are no operator-wide tokens yet. Make the first one here.'
                      : 'There are no tokens for this organisation yet. Make the first one here.'
                  }
                </p>`
              : nothing
          }
          ${this.form()} ${tokens.length === 0 ? nothing : tokenTable(tokens, (token) => this.revoke(token))}`,
        { alerted: true },
      )}
    `
  }

  private picker(): TemplateResult | typeof nothing {
    if (!this.me.roles.operator) return nothing
    return html`<div class="organisation-picker">
      ${field(
        {
          id: 'organisation',
          label: 'Tokens of',
          hint: 'An operator-wide token reaches every organisation.',
          error: this.tokens.errors.organisation,
        },
        (a) =>
          html`<select
            id=${a.id}
            name="organisation"
            @change=${this.chooseOrganisation}
            aria-invalid=${a.invalid}
            aria-describedby=${a.describedBy}
          >
            ${this.me.organisations.map(
              (org) =>
                html`<option value=${org.code} ?selected=${org.code === this.organisation} dir="auto">${org.name} (${org.code})</option>`,
            )}
            <option value=${OPERATOR_WIDE} ?selected=${this.organisation === OPERATOR_WIDE}>
              Every organisation (operator-wide tokens)
            </option>
          </select>`,
      )}
    </div>`
  }

  private shownOnce(): TemplateResult | typeof nothing {
    if (!this.created) return nothing
    return html`<div role="status" class="shown-once">
      <p>
        Your new token <strong><bdi>${this.created.name}</bdi></strong
        >. Copy it now: svc will not show it again.
      </p>
      <div class="new-token-value">
        <label class="visually-hidden" for="new-token">The new token</label>
        <input
          id="new-token"
          readonly
          .value=${this.created.token}
          @focus=${(event: Event) => (event.target as HTMLInputElement).select()}
        />
        <svc-copy-button .value=${this.created.token} label="Copy the token"></svc-copy-button>
      </div>
    </div>`
  }

  private form(): TemplateResult {
    const { errors } = this.tokens
    return html`<form @submit=${this.create} aria-label="New token" class="panel new-token">
      <h2>New token</h2>
      ${field(
        {
          id: 'name',
          label: 'Name',
          hint: 'What it is for, so that you know it in this list.',
          error: errors.name,
          limit: { max: TOKEN_NAME_MAX, length: this.lengths.of('name', '') },
        },
        (a) =>
          html`<input
            id=${a.id}
            name="name"
            required
            maxlength=${TOKEN_NAME_MAX}
            dir="auto"
            autocomplete="off"
            placeholder="CMS import"
            aria-invalid=${a.invalid}
            aria-describedby=${a.describedBy}
          />`,
      )}
      <fieldset aria-describedby=${errors.scopes ? 'scopes-error' : nothing} aria-invalid=${errors.scopes ? 'true' : 'false'}>
        <legend>What it may do</legend>
        ${this.resources.map(
          (resource) =>
            html`<div class="scope" role="radiogroup" aria-label=${resourceWords(resource)}>
              <span class="resource" aria-hidden="true">${resourceWords(resource)}</span>
              ${(this.readOnly.includes(resource) ? (['none', 'read'] as const) : (['none', 'read', 'write'] as const)).map(
                (access) =>
                  html`<label
                    ><input type="radio" name="scope-${resource}" value=${access} ?checked=${access === 'none'} />
                    ${access === 'none' ? 'No access' : access === 'read' ? 'Read' : 'Read and write'}</label
                  >`,
              )}
            </div>`,
        )}
        ${errors.scopes ? html`<div class="error" id="scopes-error">${this.scopeRefusal(errors.scopes)}</div>` : nothing}
      </fieldset>
      ${field(
        {
          id: 'expiry',
          label: 'Expires',
          hint: this.expiryHint(),
          error: errors.expires,
          say: { apiNames: ['expires_days', 'expires_at'], words: 'The expiry' },
        },
        (a) =>
          html`<select
            id=${a.id}
            name="expiry"
            @change=${(event: Event) => (this.expiry = (event.target as HTMLSelectElement).value)}
            aria-invalid=${a.invalid}
            aria-describedby=${a.describedBy}
          >
            ${EXPIRIES.map(([value, words]) => html`<option value=${value} ?selected=${value === this.expiry}>${words}</option>`)}
          </select>`,
      )}
      ${
        this.expiry === 'custom'
          ? field(
              { id: 'expires_on', label: 'Expires at the end of' },
              (a) =>
                html`<input
                  id=${a.id}
                  name="expires_on"
                  type="date"
                  required
                  min=${dateInput(new Date())}
                  aria-describedby=${a.describedBy}
                />`,
            )
          : nothing
      }
      <button type="submit" class="primary" ?disabled=${this.tokens.busy}>Make token</button>
    </form>`
  }

  private expiryHint(): string {
    if (this.expiry === 'never') return 'A token that never expires works until it is revoked: prefer an expiry.'
    if (this.expiry === 'custom') return 'The token stops working when the chosen day ends, in your time zone.'
    const on = new Date(Date.now() + Number(this.expiry) * DAY_MS)
    return `The token will expire on ${on.toLocaleDateString(undefined, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' })}.`
  }

  /** The scope rule in the form's words: the API's own names a comma-separated list, which the form does not show. */
  private scopeRefusal(message: string): string {
    return message.startsWith('give at least one scope')
      ? 'Choose Read or Read and write for at least one of these.'
      : 'One of these choices is not known to svc; reload the page, then try again.'
  }
}

/** A date input's value for a day in the browser's time zone. */
function dateInput(day: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-tokens': SvcConsoleTokens
  }
}

if (!customElements.get('svc-console-tokens')) customElements.define('svc-console-tokens', SvcConsoleTokens)
