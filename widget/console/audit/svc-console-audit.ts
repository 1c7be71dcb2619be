/**
 * @module `<svc-console-audit>`: the audit log, newest first: when, who,
 * what, to whom, in which organisation, and what changed. Filters (a
 * person, a family of actions, an operator's organisation) live in the
 * address, so a reload or a shared link shows the same events; "Load
 * more" appends the next page. An organisation admin sees their
 * organisation's events only (the API decides; the page says so), and the
 * "What changed" filter offers only the families the API says the
 * reader's events belong to.
 */
import { css, html, LitElement, nothing, type TemplateResult } from 'lit'
import type { AuditEvent, ConsoleAuditPage } from '../../../shared/audit-wire.js'
import { consoleApi, type ConsoleMe } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { field } from '../console-field.js'
import { consoleStyles } from '../console-styles.js'
import { browserTimeZone } from '../../../shared/local-date-time.js'
import { actionWords, detailLines, FAMILY_WORDS } from '../../../shared/audit-words.js'
import { readableTime } from '../../../shared/local-date-time.js'

const FILTERS = ['person', 'action', 'organisation'] as const
type Filters = Record<(typeof FILTERS)[number], string>

/** Each kind of target as a sentence names it, before its name ("Revoked API key svc_pk_…"). */
const KIND_WORDS: Record<string, string> = {
  person: '',
  organisation: 'organisation',
  api_key: 'API key',
  client: 'client',
  signing_key: 'signing key',
  webhook_delivery: 'webhook delivery',
  webhook_secret: 'webhook secret',
  provider: 'sign-in provider',
  management_token: 'management API token',
  ad: 'ad',
  image: 'image',
  // A route reads as itself after "Called the management API:".
  api_route: '',
  setting: 'the setting',
}

/**
 * The audit log page.
 *
 * @summary `<svc-console-audit .me=${me}>`
 */
export class SvcConsoleAudit extends LitElement {
  static override styles = [
    consoleStyles,
    css`
      /* Words such as "Command line" wrap between words, not inside them; codes still wrap anywhere. */
      table.audit td {
        overflow-wrap: break-word;
      }
      /*
       * A target's name or a detail may be one long word (an uploaded image's URL): break-word
       * would still size its column to that word and widen the page, so these break anywhere.
       */
      table.audit td strong,
      table.audit .details li {
        overflow-wrap: anywhere;
      }
      /* Breaking anywhere lets the table squeeze the details; a floor keeps "image/png" whole beside a long target. */
      table.audit td:last-child {
        min-width: 10rem;
      }
      table.audit td:first-child,
      table.audit td:nth-child(2) {
        min-width: 8rem;
      }
      table.audit .details {
        margin: 0;
        padding-inline-start: 1.1rem;
      }
    `,
  ]
  static override properties = { me: { attribute: false } }
  declare me: ConsoleMe
  private filters: Filters = { person: '', action: '', organisation: '' }
  private readonly log = new ConsoleDataController(this, (signal) => this.page(undefined, signal))

  override connectedCallback(): void {
    super.connectedCallback()
    const params = new URLSearchParams(location.search)
    for (const name of FILTERS) this.filters[name] = params.get(name) ?? ''
    void this.log.load()
  }

  private page(before: number | undefined, signal: AbortSignal): Promise<ConsoleAuditPage> {
    const query = new URLSearchParams(Object.entries(this.filters).filter(([, value]) => value !== ''))
    if (before !== undefined) query.set('before', String(before))
    return consoleApi<ConsoleAuditPage>('GET', `/audit?${query}`, { signal })
  }

  private filter(event: Event): void {
    event.preventDefault()
    const form = new FormData(event.target as HTMLFormElement)
    for (const name of FILTERS) this.filters[name] = String(form.get(name) ?? '').trim()
    const url = new URL(location.href)
    for (const name of FILTERS) {
      if (this.filters[name]) url.searchParams.set(name, this.filters[name])
      else url.searchParams.delete(name)
    }
    history.replaceState(history.state, '', url)
    void this.log.load({ fresh: true })
  }

  private loadMore(): void {
    const shown = this.log.data
    if (!shown?.next) return
    void this.log.act(
      async (signal) => {
        const more = await this.page(shown.next!, signal)
        this.log.data = {
          events: [...shown.events, ...more.events],
          next: more.next,
          names: { ...shown.names, ...more.names },
          token_names: { ...shown.token_names, ...more.token_names },
          families: more.families,
        }
      },
      { reload: false },
    )
  }

  override render(): TemplateResult {
    const data = this.log.data
    const admin = !this.me.roles.operator
    const ownOrganisation = this.me.organisations.find((org) => org.code === this.me.roles.organisation)
    return html`
      <h1>Audit log</h1>
      <p class="hint">
        ${
          admin
            ? 'Who changed what, newest first.'
            : 'Who changed what, newest first: people and their roles, organisations, API keys, clients, webhooks, signing keys and the secret key, management API tokens and the ads and images they changed.'
        }
        Times are in ${browserTimeZone()}.
        ${admin && ownOrganisation ? html`You see the changes in <bdi>${ownOrganisation.name}</bdi> only.` : nothing}
      </p>
      <form class="filters" role="search" aria-label="Filter the audit log" @submit=${this.filter}>
        ${field(
          { id: 'person', label: 'Person', hint: 'E-mail address, account code or API token name' },
          (a) =>
            html`<input
              id=${a.id}
              name="person"
              type="search"
              dir="auto"
              .value=${this.filters.person}
              aria-describedby=${a.describedBy}
            />`,
        )}
        ${field(
          { id: 'action', label: 'What changed' },
          (a) =>
            html`<select id=${a.id} name="action">
              <option value="" ?selected=${this.filters.action === ''}>Everything</option>
              ${this.familyChoices(data).map(
                ([prefix, words]) => html`<option value=${prefix} ?selected=${this.filters.action === prefix}>${words}</option>`,
              )}
            </select>`,
        )}
        ${
          admin
            ? nothing
            : field(
                { id: 'organisation', label: 'Organisation' },
                (a) =>
                  html`<select id=${a.id} name="organisation">
                    <option value="" ?selected=${this.filters.organisation === ''}>Every organisation</option>
                    ${this.me.organisations.map(
                      (org) =>
                        html`<option value=${org.code} ?selected=${this.filters.organisation === org.code} dir="auto">
                          ${org.name} (${org.code})
                        </option>`,
                    )}
                  </select>`,
              )
        }
        <button type="submit">Show</button>
      </form>
      ${this.log.alert()} ${data === undefined ? (this.log.problem ? nothing : html`<p>Loading the audit log…</p>`) : this.events(data)}
    `
  }

  /** The families the API says this reader's events belong to, and the one in the address even if not (a link shared by an operator). */
  private familyChoices(data: ConsoleAuditPage | undefined): [string, string][] {
    const offered = new Set<string>(data?.families ?? [])
    if (this.filters.action) offered.add(this.filters.action)
    return FAMILY_WORDS.filter(([prefix]) => offered.has(prefix))
  }

  private events(data: ConsoleAuditPage): TemplateResult {
    if (data.events.length === 0)
      return html`<p class="empty">
        ${
          Object.values(this.filters).some(Boolean)
            ? 'No changes match these filters.'
            : this.me.roles.operator
              ? 'Nothing has been recorded yet. Changes to people, organisations, API keys, clients, signing keys and webhooks appear here as they are made.'
              : 'Nothing has been recorded yet. Changes to your organisation appear here as they are made.'
        }
      </p>`
    return html`<table class="stacked audit">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Organisation</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          ${data.events.map(
            (event) =>
              html`<tr>
                <td data-label="When"><time datetime=${event.occurred_at}>${readableTime(event.occurred_at, { seconds: true })}</time></td>
                <td data-label="Who">${this.actor(event, data)}</td>
                <td data-label="What">
                  ${actionWords(event.action)} ${this.target(event, data.names)}
                  <div class="hint"><code>${event.action}</code></div>
                </td>
                <td data-label="Organisation">${this.organisation(event.organisation)}</td>
                <td data-label="Details">
                  ${
                    detailLines(event.detail, this.me.organisations).length === 0
                      ? '—'
                      : html`<ul class="details">
                          ${detailLines(event.detail, this.me.organisations).map((line) => html`<li dir="auto">${line}</li>`)}
                        </ul>`
                  }
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
      ${
        data.next === null
          ? nothing
          : html`<p><button type="button" @click=${this.loadMore} ?disabled=${this.log.busy}>Load more</button></p>`
      }`
  }

  private actor({ actor }: AuditEvent, { names, token_names: tokenNames }: ConsoleAuditPage): TemplateResult {
    if (actor.kind === 'cli')
      return html`Command line
        <div class="hint"><code>cli:${actor.code}</code></div>`
    if (actor.kind === 'setup') return html`First-start setup`
    if (actor.kind === 'system') return html`svc itself (at start or on a schedule)`
    if (actor.kind === 'token') {
      const name = tokenNames[actor.code ?? '']
      return html`${name === undefined ? 'A management API token' : html`<bdi>${name}</bdi>`}
        <div class="hint">Management API token · <code>id ${actor.code}</code></div>`
    }
    const name = names[actor.code ?? '']
    return html`<bdi>${name ?? actor.email}</bdi>
      <div class="hint">${name ? html`<bdi>${actor.email}</bdi> · ` : nothing}<code>${actor.code}</code></div>`
  }

  private target({ target }: AuditEvent, names: Record<string, string>): TemplateResult {
    if (target.kind === 'audit_log') return html`the audit log`
    const name = (target.kind === 'person' ? names[target.code] : undefined) ?? target.name
    const kind = KIND_WORDS[target.kind] ?? target.kind
    return html`${kind ? `${kind} ` : ''}<strong><bdi>${name ?? target.code}</bdi></strong
      >${name ? html` <code>${target.kind === 'api_key' || target.kind === 'management_token' ? `id ${target.code}` : target.code}</code>` : nothing}`
  }

  private organisation(code: string | null): TemplateResult | string {
    if (code === null) return '—'
    const known = this.me.organisations.find((org) => org.code === code)
    return known ? html`<bdi>${known.name}</bdi> <code>${code}</code>` : html`<code>${code}</code>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-audit': SvcConsoleAudit
  }
}

if (!customElements.get('svc-console-audit')) customElements.define('svc-console-audit', SvcConsoleAudit)
