/**
 * @module `<svc-console-images>`: an organisation's uploaded images, for
 * whoever edits its ads: how much of the image quota they take, each
 * image's size and the ads that show it, and a button to delete one no ad
 * shows (the server refuses to delete one an ad shows). An operator's
 * choice of organisation is kept in the address (`?organisation=CODE`).
 */
import { css, html, LitElement, nothing, type TemplateResult } from 'lit'
import { byteSize, type ConsoleImage, type ConsoleImageList } from '../../../shared/console-images-wire.js'
import { consoleApi, type ConsoleMe } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { consoleStyles } from '../console-styles.js'
import { hasOrganisation, noOrganisationYet, organisationPicker, organisationToShow } from '../organisation-choice.js'
import { readableTime } from '../../../shared/local-date-time.js'

const TYPE_NAMES: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
}

/**
 * The Images page.
 *
 * @summary `<svc-console-images .me=${me}>`
 */
export class SvcConsoleImages extends LitElement {
  static override styles = [
    consoleStyles,
    css`
      .thumbnail {
        width: 4rem;
        height: 4rem;
        object-fit: contain;
        background: #f6f8fa;
        border: 1px solid #d0d7de;
      }
      meter {
        width: min(24rem, 100%);
      }
      ul.uses {
        margin: 0;
        padding-inline-start: 1rem;
      }
    `,
  ]
  static override properties = { me: { attribute: false } }
  declare me: ConsoleMe
  private organisation = ''
  private readonly images = new ConsoleDataController(this, (signal) =>
    consoleApi<ConsoleImageList>('GET', `/images?organisation=${encodeURIComponent(this.organisation)}`, { signal }),
  )

  override connectedCallback(): void {
    super.connectedCallback()
    this.organisation = organisationToShow(this.me, new URLSearchParams(location.search))
    if (hasOrganisation(this.me)) void this.images.load()
  }

  private deleteImage(image: ConsoleImage): void {
    if (!confirm(`Delete this ${byteSize(image.size_bytes)} image? Its address stops working.`)) return
    void this.images.act(async (signal) => {
      await consoleApi('DELETE', `/images/${image.sha256}?organisation=${encodeURIComponent(this.organisation)}`, { signal })
      return `Image deleted; ${byteSize(image.size_bytes)} freed.`
    })
  }

  private chooseOrganisation(event: Event): void {
    this.organisation = (event.target as HTMLSelectElement).value
    const url = new URL(location.href)
    url.searchParams.set('organisation', this.organisation)
    history.replaceState(history.state, '', url)
    this.images.notice = ''
    void this.images.load({ fresh: true })
  }

  override render(): TemplateResult {
    // Images are kept per organisation: with none yet, there is nothing to list.
    if (!hasOrganisation(this.me))
      return html`<h1>Images</h1>
        ${noOrganisationYet(this.me)}`
    return html`
      <h1>Images</h1>
      ${
        this.me.roles.operator && !this.me.roles.organisation
          ? html`<div class="organisation-picker">${organisationPicker(this.me, this.organisation, this.chooseOrganisation)}</div>`
          : nothing
      }
      ${this.images.status()} ${this.images.alert()} ${this.images.view('Loading images…', (list) => this.table(list), { alerted: true })}
    `
  }

  private usage(list: ConsoleImageList): TemplateResult {
    const count = `${list.image_count} image${list.image_count === 1 ? '' : 's'}`
    if (list.quota_bytes === null) return html`<p>${count}, ${byteSize(list.used_bytes)}.</p>`
    return html`<p>
      <label for="usage">${count} use ${byteSize(list.used_bytes)} of the ${byteSize(list.quota_bytes)} quota</label>
      <meter id="usage" min="0" max=${list.quota_bytes} high=${list.quota_bytes * 0.9} .value=${list.used_bytes}></meter>
    </p>`
  }

  private table(list: ConsoleImageList): TemplateResult {
    if (list.images.length === 0)
      return html`${this.usage(list)}
        <p>No images yet: upload them in an ad's image fields.</p>`
    return html`
      ${this.usage(list)} ${list.images.length < list.image_count ? html`<p>The newest ${list.images.length} are listed.</p>` : nothing}
      <table class="stacked">
        <thead>
          <tr>
            <th scope="col">Image</th>
            <th scope="col">Size</th>
            <th scope="col">Uploaded</th>
            <th scope="col">Used by</th>
            <th scope="col"><span class="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          ${list.images.map((image, index) => this.row(image, index + 1))}
        </tbody>
      </table>
    `
  }

  private row(image: ConsoleImage, number: number): TemplateResult {
    const unused = image.used_by.length === 0 && image.used_elsewhere === 0
    const elsewhere = image.used_elsewhere
      ? html`<li>${image.used_elsewhere} ad${image.used_elsewhere === 1 ? '' : 's'} of other organisations</li>`
      : nothing
    return html`<tr>
      <td data-label="Image">
        <a href=${image.url} target="_blank" rel="noopener"
          ><img class="thumbnail" src=${image.url} alt="Image ${number}" loading="lazy"
        /></a>
        ${TYPE_NAMES[image.content_type] ?? image.content_type}
      </td>
      <td data-label="Size">${byteSize(image.size_bytes)}</td>
      <td data-label="Uploaded">${readableTime(image.uploaded_at)}</td>
      <td data-label="Used by">
        ${
          unused
            ? 'No ad'
            : html`<ul class="uses">
                ${image.used_by.map((ad) => html`<li><a href="/console/ads/${ad.code}" dir="auto">${ad.title}</a></li>`)} ${elsewhere}
              </ul>`
        }
      </td>
      <td data-label="Actions">
        ${
          unused
            ? html`<button type="button" class="danger" aria-label="Delete image ${number}" @click=${() => this.deleteImage(image)}>
                Delete
              </button>`
            : nothing
        }
      </td>
    </tr>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-images': SvcConsoleImages
  }
}

if (!customElements.get('svc-console-images')) customElements.define('svc-console-images', SvcConsoleImages)
