/**
 * @module `<svc-console-ads>`: Marketing > Ads, the list of an
 * organisation's ads (an operator's: every organisation's), filtered by
 * slot, status and publish, each with Edit and Delete.
 */
import { html, LitElement, type TemplateResult } from 'lit'
import { consoleStyles } from './console-styles.js'
import { consoleApi, type ConsoleMe } from './console-api.js'

interface ListedAd {
  code: string
  title: string
  display: string
  status: string
  publish: number
  updated_at: string
  organisation: string
}

/**
 * The ads list page.
 *
 * @summary `<svc-console-ads .me=${me}>`
 */
export class SvcConsoleAds extends LitElement {
  static override styles = consoleStyles
  static override properties = {
    me: { attribute: false },
    ads: { state: true },
    problem: { state: true },
    notice: { state: true },
  }
  declare me: ConsoleMe
  declare ads: ListedAd[] | undefined
  declare problem: string
  declare notice: string
  private filter = { display: '', status: '', publish: '' }

  constructor() {
    super()
    this.ads = undefined
    this.problem = ''
    this.notice = ''
  }

  override connectedCallback(): void {
    super.connectedCallback()
    void this.load()
  }

  private async load(): Promise<void> {
    const query = new URLSearchParams(Object.entries(this.filter).filter(([, value]) => value !== ''))
    try {
      this.ads = (await consoleApi<{ ads: ListedAd[] }>('GET', `/ads${query.size ? `?${query}` : ''}`)).ads
      this.problem = ''
    } catch (error) {
      this.problem = (error as Error).message
    }
  }

  private onFilter(event: Event): void {
    event.preventDefault()
    const form = new FormData(event.target as HTMLFormElement)
    this.filter = {
      display: String(form.get('display') ?? ''),
      status: String(form.get('status') ?? ''),
      publish: String(form.get('publish') ?? ''),
    }
    void this.load()
  }

  private async deleteAd(ad: ListedAd): Promise<void> {
    if (!confirm(`Delete the ad "${ad.title}"? This cannot be undone.`)) return
    try {
      await consoleApi('DELETE', `/ads/${ad.code}`)
      this.notice = `Deleted "${ad.title}".`
      await this.load()
    } catch (error) {
      this.problem = (error as Error).message
    }
  }

  override render(): TemplateResult {
    return html`
      <h1>Marketing › Ads</h1>
      <p><a class="button primary" href="/console/ads/new">New Ad</a></p>
      <form
        @submit=${this.onFilter}
        aria-label="Filter ads"
        style="display:flex;gap:1rem;align-items:end;flex-wrap:wrap;margin-bottom:1rem"
      >
        <div><label for="f-display">Slot</label><input id="f-display" name="display" placeholder="home-slider-ads" /></div>
        <div>
          <label for="f-status">Status</label>
          <select id="f-status" name="status">
            <option value="">Any</option>
            <option value="saved">Saved</option>
            <option value="draft">Draft</option>
          </select>
        </div>
        <div>
          <label for="f-publish">Published</label>
          <select id="f-publish" name="publish">
            <option value="">Any</option>
            <option value="1">Published</option>
            <option value="0">Not published</option>
          </select>
        </div>
        <button type="submit">Filter</button>
      </form>
      ${this.notice ? html`<p role="status">${this.notice}</p>` : ''} ${this.problem ? html`<p role="alert">${this.problem}</p>` : ''}
      ${
        this.ads === undefined
          ? html`<p>Loading ads…</p>`
          : this.ads.length === 0
            ? html`<p>No ads match. <a href="/console/ads/new">Create one</a>.</p>`
            : html`<table>
                <caption class="hint" style="text-align:start">
                  ${this.ads.length} ads, newest first
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Title</th>
                    <th scope="col">Slot</th>
                    <th scope="col">Status</th>
                    <th scope="col">Published</th>
                    ${this.me.roles.operator ? html`<th scope="col">Organisation</th>` : ''}
                    <th scope="col">Updated</th>
                    <th scope="col"><span class="hint">Actions</span></th>
                  </tr>
                </thead>
                <tbody>
                  ${this.ads.map(
                    (ad) =>
                      html`<tr>
                        <td><a href="/console/ads/${ad.code}">${ad.title}</a></td>
                        <td>${ad.display}</td>
                        <td>${ad.status}</td>
                        <td>${ad.publish ? 'Yes' : 'No'}</td>
                        ${this.me.roles.operator ? html`<td>${ad.organisation}</td>` : ''}
                        <td>${new Date(ad.updated_at).toLocaleString()}</td>
                        <td>
                          <button type="button" class="danger" aria-label="Delete ${ad.title}" @click=${() => this.deleteAd(ad)}>
                            Delete
                          </button>
                        </td>
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
    'svc-console-ads': SvcConsoleAds
  }
}

if (!customElements.get('svc-console-ads')) customElements.define('svc-console-ads', SvcConsoleAds)
