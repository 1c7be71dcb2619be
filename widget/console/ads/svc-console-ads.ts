/**
 * @module `<svc-console-ads>`: Marketing > Ads, the list of an
 * organisation's ads (an operator's: every organisation's), filtered by
 * slot, status and publish, each with Publish or Unpublish, Duplicate and
 * Delete. On narrow screens each row stacks into a card. A new filter
 * aborts the list still loading for the one before.
 */
import { html, LitElement, type PropertyValues, type TemplateResult } from 'lit'
import type { ConsoleAdAnswer, ConsoleAdList, ConsoleAdPublish } from '../../../shared/console-wire.js'
import { consoleApi, type ConsoleMe } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { field } from '../console-field.js'
import { consoleStyles } from '../console-styles.js'
import { hasOrganisation, noOrganisationYet } from '../organisation-choice.js'
import { scheduleState, scheduleWords } from '../../../shared/ad-schedule.js'
import { readableTime } from '../../../shared/local-date-time.js'

type ListedAd = ConsoleAdList['ads'][number]

/**
 * The ads list page.
 *
 * @summary `<svc-console-ads .me=${me}>`
 */
export class SvcConsoleAds extends LitElement {
  static override styles = consoleStyles
  static override properties = { me: { attribute: false } }
  declare me: ConsoleMe
  // Kept in the address, so a reload, Back or a shared link shows the same list.
  private filter = filterFromAddress()
  private readonly ads = new ConsoleDataController(this, async (signal) => {
    const query = new URLSearchParams(Object.entries(this.filter).filter(([, value]) => value !== ''))
    return (await consoleApi<ConsoleAdList>('GET', `/ads${query.size ? `?${query}` : ''}`, { signal })).ads
  })

  /**
   * Who is signed in is read again after an organisation is created, and
   * this page can be opened before that answer is in (as the API keys page
   * can): the list loads from the first `me` that has an organisation, not
   * only from the first `me`.
   */
  override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('me') || !this.me) return
    const before = changed.get('me')
    // Loaded already: a new `me` changes nothing the list is asked with.
    if (before && hasOrganisation(before)) return
    if (hasOrganisation(this.me)) void this.ads.load()
  }

  private onFilter(event: Event): void {
    event.preventDefault()
    const form = new FormData(event.target as HTMLFormElement)
    this.filter = {
      display: String(form.get('display') ?? ''),
      status: String(form.get('status') ?? ''),
      publish: String(form.get('publish') ?? ''),
    }
    const url = new URL(location.href)
    for (const [name, value] of Object.entries(this.filter)) {
      if (value) url.searchParams.set(name, value)
      else url.searchParams.delete(name)
    }
    history.replaceState(history.state, '', url)
    void this.ads.load()
  }

  private deleteAd(ad: ListedAd): void {
    if (!confirm(`Delete the ad "${ad.title}"? This cannot be undone.`)) return
    void this.ads.act(async (signal) => {
      await consoleApi('DELETE', `/ads/${ad.code}`, { signal })
      return `Deleted "${ad.title}".`
    })
  }

  /** Publishes or unpublishes one ad; its row shows the new state as soon as the server has it. */
  private togglePublish(ad: ListedAd): void {
    const publish: ConsoleAdPublish['publish'] = ad.publish ? 0 : 1
    void this.ads.act(
      async (signal) => {
        const answer = await consoleApi<ConsoleAdAnswer>('PUT', `/ads/${ad.code}/publish`, {
          body: { publish } satisfies ConsoleAdPublish,
          signal,
        })
        this.ads.data = this.ads.data?.map((row) => (row.code === ad.code ? { ...row, ...answer.ad } : row))
        if (!publish) return `Unpublished "${ad.title}": it is no longer served.`
        return ad.status === 'draft'
          ? `Published "${ad.title}", but it is a draft: drafts are never served.`
          : `Published "${ad.title}": it is served now.`
      },
      { reload: false },
    )
  }

  /** Copies an ad, unpublished, and opens the copy. */
  private duplicate(ad: ListedAd): void {
    void this.ads.act(
      async (signal) => {
        const { ad: copy } = await consoleApi<ConsoleAdAnswer>('POST', `/ads/${ad.code}/duplicate`, { signal })
        this.dispatchEvent(new CustomEvent('svc-console-navigate', { detail: `/console/ads/${copy.code}`, bubbles: true, composed: true }))
        return `Duplicated "${ad.title}".`
      },
      { reload: false },
    )
  }

  override render(): TemplateResult {
    // Ads belong to an organisation: with none yet, the page says where to make one.
    if (!hasOrganisation(this.me))
      return html`<h1>Marketing › Ads</h1>
        ${noOrganisationYet(this.me)}`
    const now = Date.now()
    return html`
      <h1>Marketing › Ads</h1>
      <p><a class="button primary" href="/console/ads/new">New Ad</a></p>
      <form @submit=${this.onFilter} aria-label="Filter ads" class="filters">
        ${field({ id: 'f-display', label: 'Slot' }, (a) => html`<input id=${a.id} name="display" placeholder="home-slider-ads" .value=${this.filter.display} />`)}
        ${field(
          { id: 'f-status', label: 'Status' },
          (a) =>
            html`<select id=${a.id} name="status" .value=${this.filter.status}>
              <option value="">Any</option>
              <option value="saved">Ready</option>
              <option value="draft">Draft</option>
            </select>`,
        )}
        ${field(
          { id: 'f-publish', label: 'Published' },
          (a) =>
            html`<select id=${a.id} name="publish" .value=${this.filter.publish}>
              <option value="">Any</option>
              <option value="1">Published</option>
              <option value="0">Not published</option>
            </select>`,
        )}
        <button type="submit">Filter</button>
      </form>
      ${this.ads.status()} ${this.ads.alert()}
      ${this.ads.view(
        'Loading ads…',
        (ads) =>
          ads.length === 0
            ? html`<p>No ads match. <a href="/console/ads/new">Create one</a>.</p>`
            : html`<table class="stacks">
                <caption class="hint">
                  ${ads.length === 1 ? '1 ad' : `${ads.length} ads`}, newest first
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Title</th>
                    <th scope="col">Slot</th>
                    <th scope="col">State</th>
                    <th scope="col">Schedule</th>
                    ${this.me.roles.operator ? html`<th scope="col">Organisation</th>` : ''}
                    <th scope="col">Updated</th>
                    <th scope="col"><span class="hint">Actions</span></th>
                  </tr>
                </thead>
                <tbody>
                  ${ads.map(
                    (ad) =>
                      html`<tr>
                        <td><a href="/console/ads/${ad.code}">${ad.title}</a></td>
                        <td class="words" data-label="Slot">${ad.display}</td>
                        <td data-label="State">${stateWords(ad, now)}</td>
                        <td data-label="Schedule">${scheduleCell(ad, now)}</td>
                        ${this.me.roles.operator ? html`<td data-label="Organisation">${ad.organisation}</td>` : ''}
                        <td data-label="Updated">${readableTime(ad.updated_at)}</td>
                        <td class="row-actions">
                          <button
                            type="button"
                            aria-label="${ad.publish ? 'Unpublish' : 'Publish'} ${ad.title}"
                            @click=${() => this.togglePublish(ad)}
                          >
                            ${ad.publish ? 'Unpublish' : 'Publish'}
                          </button>
                          <button type="button" aria-label="Duplicate ${ad.title}" @click=${() => this.duplicate(ad)}>Duplicate</button>
                          <button type="button" class="danger" aria-label="Delete ${ad.title}" @click=${() => this.deleteAd(ad)}>
                            Delete
                          </button>
                        </td>
                      </tr>`,
                  )}
                </tbody>
              </table>`,
        { alerted: true },
      )}
    `
  }
}

function filterFromAddress(): { display: string; status: string; publish: string } {
  const query = new URL(location.href).searchParams
  return { display: query.get('display') ?? '', status: query.get('status') ?? '', publish: query.get('publish') ?? '' }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-ads': SvcConsoleAds
  }
}

if (!customElements.get('svc-console-ads')) customElements.define('svc-console-ads', SvcConsoleAds)

/**
 * The ad's status and Published box in one phrase a marketer uses, never
 * the API's `saved`: "Published", "Not published", "Draft". A published
 * ad outside its dates says first what visitors meet, then the switch:
 * "Ended · Published", "Scheduled · Published" (Google Ads' and Meta's
 * "Ended" beside a campaign that is on).
 */
function stateWords(ad: ListedAd, now: number): string {
  if (ad.status === 'draft') return ad.publish ? 'Draft: published, but drafts are never served' : 'Draft'
  if (!ad.publish) return 'Not published'
  const state = scheduleState(ad, now)
  return state === 'running' ? 'Published' : `${scheduleWords(state, true)} · Published`
}

/**
 * The ad's schedule state, with the moment that ends it in the browser's
 * time zone, and its weight: `Scheduled, from 01/06/2030, 11:00:00 · weight 20`, or
 * `No dates · weight 10`.
 */
function scheduleCell(ad: ListedAd, now: number): string {
  // With neither end there is no window to be within: the ad runs whenever it is published.
  if (!ad.starts && !ad.ends) return `No dates · weight ${ad.weight}`
  const state = scheduleState(ad, now)
  const words = scheduleWords(state, ad.status === 'saved' && Boolean(ad.publish))
  const at = (utc: string) => readableTime(utc)
  const when =
    state === 'scheduled'
      ? `${words}, from ${at(ad.starts!)}`
      : state === 'running' && ad.ends
        ? `${words}, until ${at(ad.ends)}`
        : state === 'ended'
          ? `${words} ${at(ad.ends!)}`
          : words
  return `${when} · weight ${ad.weight}`
}
