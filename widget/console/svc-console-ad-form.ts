/**
 * @module `<svc-console-ad-form>`: New Ad and Edit Ad, with every field of
 * the ad, its status and publish switch, up to 10 images, and a
 * description editor whose preview is the real `<svc-ads>` showing the ad
 * exactly as the ads API will serve it (the server sanitises it for the
 * preview as it will on save). The server's refusals appear beside their
 * fields, and focus moves to the first.
 */
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit'
import type { Ad } from '../../shared/ads-wire.js'
import '../ads/svc-ads.js'
import { consoleStyles } from './console-styles.js'
import { consoleApi, ConsoleApiError, type ConsoleMe } from './console-api.js'

const MAX_IMAGES = 10

interface AdFields {
  title: string
  label: string
  display: string
  url: string
  link: string
  target: '_self' | '_blank'
  size: string
  tags: string
  description: string
  image: string
  images: string[]
  status: 'saved' | 'draft'
  publish: number
}

const EMPTY: AdFields = {
  title: '',
  label: '',
  display: '',
  url: '',
  link: '',
  target: '_self',
  size: '',
  tags: '',
  description: '',
  image: '',
  images: [''],
  status: 'saved',
  publish: 1,
}

/**
 * The ad editor; an empty `code` makes a new ad.
 *
 * @summary `<svc-console-ad-form .me=${me} code="ADS…">`
 */
export class SvcConsoleAdForm extends LitElement {
  static override styles = consoleStyles
  static override properties = {
    me: { attribute: false },
    code: {},
    fields: { state: true },
    errors: { state: true },
    problem: { state: true },
    notice: { state: true },
    preview: { state: true },
    organisation: { state: true },
  }
  declare me: ConsoleMe
  declare code: string
  declare fields: AdFields | undefined
  declare errors: Record<string, string>
  declare problem: string
  declare notice: string
  declare preview: Ad[] | undefined
  declare organisation: string
  private previewTimer?: ReturnType<typeof setTimeout>

  constructor() {
    super()
    this.code = ''
    this.fields = undefined
    this.errors = {}
    this.problem = ''
    this.notice = ''
    this.preview = undefined
    this.organisation = ''
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('code')) void this.load()
  }

  private async load(): Promise<void> {
    this.organisation = this.me.organisations[0]?.code ?? ''
    if (!this.code) {
      this.fields = { ...EMPTY, images: [''] }
      return
    }
    try {
      const { ad } = await consoleApi<{ ad: Omit<AdFields, 'size' | 'tags'> & { size: string | null; tags: string | null } }>(
        'GET',
        `/ads/${this.code}`,
      )
      this.fields = { ...ad, size: ad.size ?? '', tags: ad.tags ?? '', images: ad.images.length ? ad.images : [''] }
      this.schedulePreview()
    } catch (error) {
      this.problem = (error as Error).message
    }
  }

  /** What the server receives: empty image rows dropped, empty optional fields null. */
  private payload(): Record<string, unknown> {
    const fields = this.fields!
    const images = fields.images.map((url) => url.trim()).filter(Boolean)
    return { ...fields, images, size: fields.size || null, tags: fields.tags || null }
  }

  private set<K extends keyof AdFields>(name: K, value: AdFields[K]): void {
    this.fields = { ...this.fields!, [name]: value }
    this.schedulePreview()
  }

  private schedulePreview(): void {
    clearTimeout(this.previewTimer)
    this.previewTimer = setTimeout(() => void this.refreshPreview(), 300)
  }

  private async refreshPreview(): Promise<void> {
    if (!this.fields?.title || !this.fields.display) return
    try {
      this.preview = [(await consoleApi<{ ad: Ad }>('POST', '/ads/preview', this.payload())).ad]
    } catch {
      // The preview waits for a valid ad; saving shows what is wrong.
    }
  }

  private async save(event: Event): Promise<void> {
    event.preventDefault()
    this.notice = ''
    this.problem = ''
    try {
      const body = this.code ? this.payload() : { ...this.payload(), organisation: this.organisation }
      const { ad } = await consoleApi<{ ad: { code: string; title: string } }>(
        this.code ? 'PUT' : 'POST',
        this.code ? `/ads/${this.code}` : '/ads',
        body,
      )
      this.errors = {}
      this.notice = `Saved "${ad.title}".`
      if (!this.code)
        this.dispatchEvent(new CustomEvent('svc-console-navigate', { detail: `/console/ads/${ad.code}`, bubbles: true, composed: true }))
    } catch (error) {
      if (!(error instanceof ConsoleApiError)) throw error
      this.errors = error.fields
      this.problem = Object.keys(error.fields).length ? 'The ad was not saved. Fix the fields marked below.' : error.message
      await this.updateComplete
      this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
    }
  }

  private field(
    name: keyof AdFields | 'organisation',
    label: string,
    input: (describedBy: string) => TemplateResult,
    hint = '',
  ): TemplateResult {
    const error = this.errors[name]
    const ids = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ')
    return html`<div class="field">
      <label for=${name}>${label}</label>
      ${input(ids)} ${hint ? html`<div class="hint" id="${name}-hint">${hint}</div>` : nothing}
      ${error ? html`<div class="error" id="${name}-error">${error}</div>` : nothing}
    </div>`
  }

  private text(
    name: 'title' | 'label' | 'display' | 'url' | 'link' | 'size' | 'tags' | 'image',
    label: string,
    hint = '',
    type = 'text',
  ): TemplateResult {
    return this.field(
      name,
      label,
      (describedBy) =>
        html`<input
          id=${name}
          name=${name}
          type=${type}
          .value=${this.fields![name]}
          aria-invalid=${this.errors[name] ? 'true' : 'false'}
          aria-describedby=${describedBy || nothing}
          ?required=${name === 'title' || name === 'display'}
          @input=${(event: Event) => this.set(name, (event.target as HTMLInputElement).value)}
        />`,
      hint,
    )
  }

  override render(): TemplateResult {
    if (!this.fields) return html`${this.problem ? html`<p role="alert">${this.problem}</p>` : html`<p>Loading the ad…</p>`}`
    const fields = this.fields
    const imageError = this.errors.images
    return html`
      <p><a href="/console/ads">← All ads</a></p>
      <h1>${this.code ? `Edit Ad ${this.code}` : 'New Ad'}</h1>
      ${this.problem ? html`<p role="alert">${this.problem}</p>` : nothing}
      ${this.notice ? html`<p role="status">${this.notice}</p>` : nothing}
      <div style="display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:2rem;align-items:start">
        <form @submit=${this.save} novalidate aria-label=${this.code ? 'Edit ad' : 'New ad'}>
          ${
            !this.code && this.me.roles.operator
              ? this.field(
                  'organisation',
                  'Organisation',
                  (describedBy) =>
                    html`<select
                      id="organisation"
                      aria-describedby=${describedBy || nothing}
                      .value=${this.organisation}
                      @change=${(event: Event) => (this.organisation = (event.target as HTMLSelectElement).value)}
                    >
                      ${this.me.organisations.map((org) => html`<option value=${org.code}>${org.name} (${org.code})</option>`)}
                    </select>`,
                )
              : nothing
          }
          ${this.text('title', 'Title')} ${this.text('label', 'Label', 'A line under the title.')}
          ${this.text('display', 'Slot', 'Where the ad shows, e.g. Home Slider Ads; pages ask for it as home-slider-ads.')}
          ${this.text('url', 'Link URL', 'Where the button goes (http or https).', 'url')} ${this.text('link', 'Button text')}
          ${this.field(
            'target',
            'Opens in',
            (describedBy) =>
              html`<select
                id="target"
                .value=${fields.target}
                aria-describedby=${describedBy || nothing}
                @change=${(event: Event) => this.set('target', (event.target as HTMLSelectElement).value as AdFields['target'])}
              >
                <option value="_self">The same tab</option>
                <option value="_blank">A new tab</option>
              </select>`,
          )}
          ${this.text('size', 'Size', 'Optional, e.g. 1200x600.')} ${this.text('tags', 'Tags', 'Optional, comma-separated.')}
          ${this.field(
            'description',
            'Description',
            (describedBy) =>
              html`<textarea
                id="description"
                rows="6"
                .value=${fields.description}
                aria-invalid=${this.errors.description ? 'true' : 'false'}
                aria-describedby=${describedBy}
                @input=${(event: Event) => this.set('description', (event.target as HTMLTextAreaElement).value)}
              ></textarea>`,
            'HTML: paragraphs, emphasis, lists and links are kept; anything else is removed. The preview shows the result.',
          )}
          ${this.text('image', 'Main image URL', 'The picture at the top of the ad (http or https).', 'url')}
          <fieldset class="field">
            <legend>More images (up to ${MAX_IMAGES})</legend>
            ${fields.images.map(
              (url, index) =>
                html`<div style="display:flex;gap:.5rem;margin-bottom:.5rem">
                  <label for="image-${index}" style="position:absolute;left:-9999px">More image ${index + 1} URL</label>
                  <input
                    id="image-${index}"
                    type="url"
                    .value=${url}
                    aria-invalid=${imageError ? 'true' : 'false'}
                    @input=${(event: Event) =>
                      this.set(
                        'images',
                        fields.images.map((old, at) => (at === index ? (event.target as HTMLInputElement).value : old)),
                      )}
                  />
                  <button
                    type="button"
                    aria-label="Remove image ${index + 1}"
                    ?disabled=${fields.images.length === 1}
                    @click=${() =>
                      this.set(
                        'images',
                        fields.images.filter((_, at) => at !== index),
                      )}
                  >
                    Remove
                  </button>
                </div>`,
            )}
            <button
              type="button"
              ?disabled=${fields.images.length >= MAX_IMAGES}
              @click=${() => this.set('images', [...fields.images, ''])}
            >
              Add image
            </button>
            ${imageError ? html`<div class="error">${imageError}</div>` : nothing}
          </fieldset>
          ${this.field(
            'status',
            'Status',
            (describedBy) =>
              html`<select
                id="status"
                .value=${fields.status}
                aria-describedby=${describedBy || nothing}
                @change=${(event: Event) => this.set('status', (event.target as HTMLSelectElement).value as AdFields['status'])}
              >
                <option value="saved">Saved</option>
                <option value="draft">Draft</option>
              </select>`,
            'Drafts are never served.',
          )}
          <div class="field">
            <label style="display:flex;gap:.5rem;align-items:center;font-weight:600">
              <input
                type="checkbox"
                style="width:auto"
                .checked=${fields.publish === 1}
                @change=${(event: Event) => this.set('publish', (event.target as HTMLInputElement).checked ? 1 : 0)}
              />
              Published
            </label>
            <div class="hint">A saved, published ad is served at once.</div>
          </div>
          <button type="submit" class="primary">${this.code ? 'Save changes' : 'Create ad'}</button>
        </form>
        <section aria-label="Preview">
          <h2 style="font-size:1.1rem">Preview</h2>
          ${
            this.preview
              ? html`<svc-ads .preview=${this.preview} label="Preview of the ad" style="max-width:32rem"></svc-ads>`
              : html`<p class="hint">Give the ad a title and a slot to see it as partner sites will.</p>`
          }
        </section>
      </div>
    `
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-ad-form': SvcConsoleAdForm
  }
}

if (!customElements.get('svc-console-ad-form')) customElements.define('svc-console-ad-form', SvcConsoleAdForm)
