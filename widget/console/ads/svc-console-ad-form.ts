/**
 * @module `<svc-console-ad-form>`: New Ad and Edit Ad, with every field of
 * the ad, a slot picker, a rich-text description, up to 10 images, the
 * schedule and weight (`svc-console-ad-schedule`), warnings
 * about what would render poorly, and a preview in each layout that is the
 * real `<svc-ads>` showing the ad exactly as the ads API will serve it (the
 * server sanitises it for the preview as it will on save). A new ad is
 * saved unpublished unless the author chooses "Save and publish". The
 * server's refusals appear beside their fields in the form's words, and
 * focus moves to the first. Opening another ad aborts the load of the one
 * before, and a newer preview the older one.
 */
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit'
import { AD_TEXT_MAX, AD_URL_MAX } from '../../../shared/ad-limits.js'
import type { Ad } from '../../../shared/ads-wire.js'
import type { ConsoleAdAnswer, ConsoleAdInput, ConsoleAdPreview } from '../../../shared/console-wire.js'
import { type AdFields, adFieldsOf, adInputOf, newAdFields } from './ad-form-fields.js'
import { adWarnings, refusalsInFormWords, unseenForItsDates } from './ad-form-words.js'
import { consoleApi, type ConsoleMe } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { field } from '../console-field.js'
import './svc-console-image-field.js'
import './svc-console-gallery-field.js'
import { consoleStyles } from '../console-styles.js'
import { hasOrganisation, noOrganisationYet } from '../organisation-choice.js'
import './svc-console-ad-preview.js'
import type { AdScheduleFields } from './svc-console-ad-schedule.js'
import './svc-console-ad-schedule.js'
import './svc-console-rich-text.js'
import './svc-console-slot-picker.js'

/**
 * The ad editor; an empty `code` makes a new ad.
 *
 * @summary `<svc-console-ad-form .me=${me} code="ADS…">`
 */
export class SvcConsoleAdForm extends LitElement {
  static override styles = consoleStyles
  static override properties = { me: { attribute: false }, code: {}, organisation: { state: true }, layout: { state: true } }
  declare me: ConsoleMe
  declare code: string
  declare organisation: string
  /** The layout previewed, which the embed snippet asks for too. */
  declare layout: string
  private previewTimer?: ReturnType<typeof setTimeout>
  /** Whether the ad was served (saved and published) as last loaded or saved. */
  private servedWhenLoaded = false
  /** The ad being edited: loaded, then changed field by field. */
  private readonly ad = new ConsoleDataController<AdFields>(this, async (signal) => {
    if (!this.code) return newAdFields()
    const { ad } = await consoleApi<ConsoleAdAnswer>('GET', `/ads/${this.code}`, { signal })
    this.organisation = ad.organisation
    this.servedWhenLoaded = ad.status === 'saved' && ad.publish === 1
    return adFieldsOf(ad)
  })
  /** The ad as the ads API would serve it; a failed preview keeps the last one (saving shows what is wrong). */
  private readonly preview = new ConsoleDataController<Ad[]>(this, async (signal) => [
    (await consoleApi<ConsoleAdPreview>('POST', '/ads/preview', { body: this.payload(), signal })).ad,
  ])

  constructor() {
    super()
    this.code = ''
    this.organisation = ''
    this.layout = 'slider'
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('code')) return
    this.organisation = this.me.organisations[0]?.code ?? ''
    // A new ad needs an organisation to belong to; with none the form is not shown, so nothing loads.
    if (!this.code && !hasOrganisation(this.me)) return
    // From one ad to another, the first one's fields must not stay editable under the second's code;
    // from a new ad to the one just created, the form stays as it is while it loads.
    void this.ad.load({ fresh: Boolean(changed.get('code')) }).then(() => this.schedulePreview())
  }

  private payload(): ConsoleAdInput {
    return adInputOf(this.ad.data!)
  }

  private set<K extends keyof AdFields>(name: K, value: AdFields[K]): void {
    this.ad.data = { ...this.ad.data!, [name]: value }
    this.requestUpdate()
    this.schedulePreview()
  }

  private schedulePreview(): void {
    clearTimeout(this.previewTimer)
    this.previewTimer = setTimeout(() => {
      if (this.ad.data?.title && this.ad.data.display) void this.preview.load()
    }, 300)
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    clearTimeout(this.previewTimer)
  }

  /** Saves the ad; a new one is published only by "Save and publish". */
  private save(event: SubmitEvent): void {
    event.preventDefault()
    const publishing = !this.code && (event.submitter as HTMLButtonElement | null)?.value === 'publish'
    // What the ad was before this save, to say what a change of Published means for visitors.
    const wasServed = this.servedWhenLoaded
    void this.ad.act(
      async (signal) => {
        const body = this.code ? this.payload() : { ...this.payload(), publish: publishing ? 1 : 0, organisation: this.organisation }
        const { ad } = await consoleApi<ConsoleAdAnswer>(this.code ? 'PUT' : 'POST', this.code ? `/ads/${this.code}` : '/ads', {
          body,
          signal,
        })
        if (!this.code)
          this.dispatchEvent(new CustomEvent('svc-console-navigate', { detail: `/console/ads/${ad.code}`, bubbles: true, composed: true }))
        if (!this.code) this.ad.data = { ...this.ad.data!, publish: ad.publish }
        // A slot named here for the first time is now one of the organisation's.
        this.renderRoot.querySelector('svc-console-slot-picker')?.refresh()
        // Published but outside its dates, the ad reaches no visitor: the confirmation says so, not only "Saved".
        const unseen = unseenForItsDates(ad, Date.now())
        if (!this.code) return `Saved "${ad.title}"${ad.publish ? ', published' : ', not published'}${unseen}.`
        const served = ad.status === 'saved' && ad.publish === 1
        this.servedWhenLoaded = served
        if (unseen) return `Saved "${ad.title}"${unseen}.`
        if (served === wasServed) return `Saved "${ad.title}".`
        return served ? `Saved "${ad.title}": it is served now.` : `Saved "${ad.title}": it is no longer served.`
      },
      { reload: false },
    )
  }

  /** A copy of the saved ad, unpublished, opened at once. */
  private duplicate(): void {
    void this.ad.act(
      async (signal) => {
        const { ad } = await consoleApi<ConsoleAdAnswer>('POST', `/ads/${this.code}/duplicate`, { signal })
        this.dispatchEvent(new CustomEvent('svc-console-navigate', { detail: `/console/ads/${ad.code}`, bubbles: true, composed: true }))
        return `Duplicated as "${ad.title}", not published.`
      },
      { reload: false },
    )
  }

  private text(
    name: 'title' | 'label' | 'display' | 'url' | 'link' | 'size' | 'tags' | 'image',
    label: string,
    hint = '',
    type = 'text',
  ): TemplateResult {
    // Every field has the server's limit with a counter: an address is pasted more than typed, and a
    // pasted one cut at the limit must say so rather than be saved shorter without a word.
    const max = name === 'url' || name === 'image' ? AD_URL_MAX : AD_TEXT_MAX[name]
    const limit = { max, length: this.ad.data![name].length }
    return field(
      { id: name, label, hint, error: refusalsInFormWords(this.ad.errors)[name], limit },
      (a) =>
        html`<input
          id=${a.id}
          name=${name}
          type=${type}
          maxlength=${max}
          dir=${type === 'url' ? 'ltr' : 'auto'}
          .value=${this.ad.data![name]}
          aria-invalid=${a.invalid}
          aria-describedby=${a.describedBy}
          ?required=${name === 'title' || name === 'display'}
          @input=${(event: Event) => this.set(name, (event.target as HTMLInputElement).value)}
        />`,
    )
  }

  override render(): TemplateResult {
    if (!this.code && !hasOrganisation(this.me))
      return html`<p><a href="/console/ads">← All ads</a></p>
        <h1>New Ad</h1>
        ${noOrganisationYet(this.me)}`
    const fields = this.ad.data
    if (!fields) return html`${this.ad.view('Loading the ad…', () => nothing)}`
    const errors = refusalsInFormWords(this.ad.errors)
    const warnings = adWarnings(fields)
    return html`
      <p><a href="/console/ads">← All ads</a></p>
      <h1>${this.code ? `Edit Ad ${this.code}` : 'New Ad'}</h1>
      ${this.ad.alert('The ad was not saved. Fix the fields marked below.')} ${this.ad.status()}
      <div class="editor">
        <form @submit=${this.save} novalidate aria-label=${this.code ? 'Edit ad' : 'New ad'}>
          ${
            !this.code && this.me.roles.operator
              ? field(
                  { id: 'organisation', label: 'Organisation', error: errors.organisation },
                  (a) =>
                    html`<select
                      id=${a.id}
                      aria-invalid=${a.invalid}
                      aria-describedby=${a.describedBy}
                      .value=${this.organisation}
                      @change=${(event: Event) => (this.organisation = (event.target as HTMLSelectElement).value)}
                    >
                      ${this.me.organisations.map((org) => html`<option value=${org.code}>${org.name} (${org.code})</option>`)}
                    </select>`,
                )
              : nothing
          }
          ${this.text('title', 'Title')} ${this.text('label', 'Label', 'A line under the title.')}
          <svc-console-slot-picker
            organisation=${this.me.roles.operator ? this.organisation : ''}
            .value=${fields.display}
            layout=${this.layout}
            error=${errors.display ?? ''}
            aria-invalid=${errors.display ? 'true' : 'false'}
            @svc-console-slot-change=${(event: CustomEvent<string>) => this.set('display', event.detail)}
          ></svc-console-slot-picker>
          ${this.text('url', 'Link URL', 'Where the button goes (http or https).', 'url')} ${this.text('link', 'Button text')}
          ${field(
            { id: 'target', label: 'Opens in', error: errors.target },
            (a) =>
              html`<select
                id=${a.id}
                .value=${fields.target}
                aria-invalid=${a.invalid}
                aria-describedby=${a.describedBy}
                @change=${(event: Event) => this.set('target', (event.target as HTMLSelectElement).value as AdFields['target'])}
              >
                <option value="_self">The same tab</option>
                <option value="_blank">A new tab</option>
              </select>`,
          )}
          ${this.text('size', 'Size', 'Optional layout hint for sites that draw ads themselves, e.g. 1200x600; <svc-ads> ignores it.')}
          ${this.text('tags', 'Tags', 'Optional, comma-separated.')}
          <svc-console-rich-text
            label="Description"
            hint="Bold, italic, lists and links. The preview shows the ad as it will be served."
            .value=${fields.description}
            error=${errors.description ?? ''}
            aria-invalid=${errors.description ? 'true' : 'false'}
            @svc-console-rich-text-change=${(event: CustomEvent<string>) => this.set('description', event.detail)}
          ></svc-console-rich-text>
          <svc-console-image-field
            field-id="image"
            label="Main image"
            hint="The picture at the top of the ad."
            .value=${fields.image}
            .error=${errors.image}
            aria-invalid=${errors.image ? 'true' : 'false'}
            @svc-console-image-change=${(event: CustomEvent<{ url: string }>) => this.set('image', event.detail.url)}
          ></svc-console-image-field>
          <svc-console-gallery-field
            .value=${fields.images}
            error=${errors.images ?? ''}
            @svc-console-gallery-change=${(event: CustomEvent<string[]>) => this.set('images', event.detail)}
          ></svc-console-gallery-field>
          <svc-console-ad-schedule
            .value=${{ starts: fields.starts, ends: fields.ends, weight: fields.weight }}
            .errors=${errors}
            aria-invalid=${errors.starts || errors.ends || errors.weight ? 'true' : 'false'}
            @svc-console-schedule-change=${(event: CustomEvent<AdScheduleFields>) => {
              this.ad.data = { ...this.ad.data!, ...event.detail }
              this.requestUpdate()
            }}
          ></svc-console-ad-schedule>
          ${field(
            { id: 'status', label: 'Status', hint: 'Drafts are never served.', error: errors.status },
            (a) =>
              html`<select
                id=${a.id}
                .value=${fields.status}
                aria-invalid=${a.invalid}
                aria-describedby=${a.describedBy}
                @change=${(event: Event) => this.set('status', (event.target as HTMLSelectElement).value as AdFields['status'])}
              >
                <option value="saved">Ready</option>
                <option value="draft">Draft</option>
              </select>`,
          )}
          ${
            this.code
              ? field(
                  {
                    id: 'publish',
                    label: 'Published',
                    hint: 'A saved, published ad is served at once.',
                    error: errors.publish,
                    check: true,
                  },
                  (a) =>
                    html`<input
                      type="checkbox"
                      id=${a.id}
                      .checked=${fields.publish === 1}
                      aria-invalid=${a.invalid}
                      aria-describedby=${a.describedBy}
                      @change=${(event: Event) => this.set('publish', (event.target as HTMLInputElement).checked ? 1 : 0)}
                    />`,
                )
              : nothing
          }
          <section class="warnings ${warnings.length ? 'shown' : ''}" aria-labelledby="warnings-heading" aria-live="polite">
            ${
              warnings.length
                ? html`<h2 id="warnings-heading">Before you save</h2>
                    <ul>
                      ${warnings.map((warning) => html`<li>${warning.message}</li>`)}
                    </ul>
                    <p class="hint">These do not stop you saving.</p>`
                : nothing
            }
          </section>
          <div class="actions">
            ${
              this.code
                ? html`<button type="submit" class="primary">Save changes</button>
                    <button type="button" @click=${this.duplicate}>Duplicate</button>`
                : html`<button type="submit" value="draft">Save unpublished</button>
                    <button type="submit" class="primary" value="publish">Save and publish</button>`
            }
            ${
              // Seen where the click was; the status line at the top is what a screen reader hears.
              this.ad.notice ? html`<span class="hint" aria-hidden="true">✓ Saved</span>` : nothing
            }
          </div>
        </form>
        <section aria-label="Preview" class="preview">
          <h2>Preview</h2>
          <svc-console-ad-preview
            .ads=${this.preview.data}
            @svc-console-preview-layout=${(event: CustomEvent<string>) => (this.layout = event.detail)}
          ></svc-console-ad-preview>
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
