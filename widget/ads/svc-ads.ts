/**
 * @module `<svc-ads>`: one slot's published ads as an accessible slider,
 * a hero banner or a row of stories, read from the svc ads API.
 */
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit'
import type { Ad } from '../../shared/ads-wire.js'
import { ANYWHERE, displayNameFromSlug } from '../../shared/slug.js'
import { adSlide, adText, cta } from './ad-slide.js'
import { adsUrl, apiUrl } from './ads-url.js'
import { MeasureController } from './measure-controller.js'
import { type AdsState, AdsRequestController } from './ads-request-controller.js'
import { AutoplayController } from './autoplay-controller.js'
import { carouselControls } from './carousel-controls.js'
import { DragController } from './drag-controller.js'
import { placeholder } from './placeholder.js'
import { type AdsStrings, localeOf, stringsFor } from './locales.js'
import { setSafeHTML } from './safe-html.js'
import { SCRIPT_ORIGIN } from '../script-origin.js'
import { svcAdsStyles } from './svc-ads.styles.js'

export type SvcAdsLayout = 'slider' | 'hero' | 'stories'

/**
 * Shows the published ads of one display slot.
 *
 * @summary An ad slot: `<svc-ads display="home-slider-ads" api-key="svc_pk_…"></svc-ads>`.
 *
 * @event svc-ads-loaded - Ads arrived; `detail.ads` holds them.
 * @event svc-ads-empty - The slot has no published ads; the element hides unless `keep-empty`.
 * @event svc-ads-error - The API refused or failed; `detail.status` and `detail.message` say why.
 * @event svc-ads-impression - A slide was shown (once an ad a page view); `detail.ad` names the ad, `detail.slot` the slot.
 * @event svc-ads-viewable - At least half a slide was in view for one continuous second in a visible tab (once an ad a page view); `detail` as above.
 * @event svc-ads-click - An ad's call to action was followed (once an ad a page view, as svc counts clicks); `detail` as above.
 *
 * @csspart carousel - The slider region.
 * @csspart slide - Each slide; the visible one also has `slide--active`.
 * @csspart image - An ad's main image.
 * @csspart title - An ad's headline.
 * @csspart label - An ad's sub-headline.
 * @csspart description - An ad's rich text.
 * @csspart sponsored - The "Sponsored" word above the title, with the `sponsored` attribute.
 * @csspart cta - The call-to-action link; it covers the whole slide.
 * @csspart more - The "Details" button of each ad; it opens the whole ad in a dialog.
 * @csspart dialog - The dialog showing one whole ad: its gallery, title, label, description and call to action.
 * @csspart gallery - The dialog's row of large images, one in view at a time.
 * @csspart close - The dialog's Close button.
 * @csspart controls - The previous and next buttons and the count between them, in the slider and in a gallery.
 * @csspart count - The "2 / 6" position between them.
 * @csspart rotation - The start/stop rotation button.
 * @csspart skeleton - The placeholder shown while loading, and the kept space of an empty or refused slot with `keep-empty`: the height the slot's layout takes at its width.
 * @csspart stories - The list of cards in the `stories` layout.
 *
 * @cssproperty [--svc-ads-aspect-ratio=2 / 1] - The images' aspect ratio, reserved before they load.
 * @cssproperty [--svc-ads-radius=12px] - Corner radius.
 * @cssproperty [--svc-ads-gap=1rem] - Space between stories.
 * @cssproperty [--svc-ads-accent=#0969da] - Buttons and the card of an ad without an image (dark: #58a6ff).
 * @cssproperty [--svc-ads-accent-contrast=#fff] - Text on the accent colour, such as an image-less ad's words (dark: #0d1117); keep its contrast at 4.5:1 or more.
 * @cssproperty [--svc-ads-text=#1f2328] - Text colour of the slides and the dialog (dark: #e6edf3); the count between the buttons, on the page's own background, keeps the page's colour.
 * @cssproperty [--svc-ads-muted=#57606a] - Secondary text colour (dark: #9198a1).
 * @cssproperty [--svc-ads-surface=#fff] - Slide background (dark: #151b23).
 * @cssproperty [--svc-ads-skeleton=#eaeef2] - Placeholder colour (dark: #262c36).
 * @cssproperty [--svc-ads-fallback=#1f2328] - Behind a hero's image that failed to load, where its white text sits (keep its contrast with white at 4.5:1 or more).
 * @cssproperty [--svc-ads-text-height=10rem] - The text box's fixed height, so slides never change size; text that does not fit is one "Details" press away.
 */
export class SvcAds extends LitElement {
  static override styles = svcAdsStyles

  static override properties = {
    display: {},
    limit: { type: Number },
    random: { type: Number },
    apiKey: { attribute: 'api-key' },
    baseUrl: { attribute: 'base-url' },
    layout: {},
    autoplay: { type: Number },
    loading: {},
    keepEmpty: { type: Boolean, attribute: 'keep-empty', reflect: true },
    label: {},
    tags: {},
    locale: {},
    sponsored: { type: Boolean },
    noMeasure: { type: Boolean, attribute: 'no-measure' },
    preview: { attribute: false },
    index: { state: true },
    opened: { state: true },
    shot: { state: true },
  }

  /** The slot's slug, e.g. `home-slider-ads`; `anywhere` for every slot. */
  declare display: string
  /** How many ads to ask for, 1 to 12. */
  declare limit: number
  /** 1: start at a random ad; 0: newest first. */
  declare random: number
  /** A publishable key restricted to this site's origin. */
  declare apiKey: string
  /** The svc origin; defaults to where this script came from. */
  declare baseUrl: string
  /** `slider` (the default), `hero` (text over the image) or `stories` (a scrolling row of cards). */
  declare layout: SvcAdsLayout
  /** Milliseconds between slides; 0 turns rotation off. */
  declare autoplay: number
  /** `lazy`: fetch only when the slot nears the viewport. */
  declare loading: 'eager' | 'lazy'
  /** Keep the slot's space when it has no ads or the API refused. */
  declare keepEmpty: boolean
  /** The carousel's accessible name; the slot's name by default. */
  declare label: string
  /** Comma-separated tags: only ads carrying at least one of them. */
  declare tags: string
  /** The language of the controls (en, de, es, fr, it, nl, pt, ar, he); the nearest `lang` when absent. */
  declare locale: string
  /** Shows the localised word "Sponsored" above each title. */
  declare sponsored: boolean
  /** Sends svc no impressions, viewable impressions or clicks; the page's DOM events still fire. */
  declare noMeasure: boolean
  /** Ads to show as they are, without asking the API: an editor's preview of unsaved ads; nothing is measured and no measurement event fires. */
  declare preview: Ad[] | undefined
  /** @internal The visible slide. */
  declare index: number
  /** @internal The ad shown whole in the dialog, or -1. */
  declare opened: number
  /** @internal The dialog's gallery image in view. */
  declare shot: number

  private readonly request = new AdsRequestController(this, (state) => this.settled(state))
  private readonly rotation = new AutoplayController(this, () => this.go(this.index + 1))
  private readonly drag = new DragController(
    this,
    (delta) => this.go(this.index + delta),
    () => this.rtl,
  )
  private readonly measure = new MeasureController(this, () =>
    this.preview
      ? undefined
      : {
          url: this.noMeasure ? '' : apiUrl(this.baseUrl || SCRIPT_ORIGIN, 'ads/events'),
          key: this.apiKey,
          slot: this.display || ANYWHERE,
        },
  )
  private visible = false
  private observer?: IntersectionObserver
  private reported = false
  private refocus = false
  /** The dialog's module, loaded on the first press of Details. */
  private dialogModule?: typeof import('./ad-dialog.js')

  constructor() {
    super()
    this.display = ANYWHERE
    this.limit = 6
    this.random = 1
    this.apiKey = ''
    this.baseUrl = ''
    this.layout = 'slider'
    this.autoplay = 0
    this.loading = 'eager'
    this.keepEmpty = false
    this.label = ''
    this.tags = ''
    this.locale = ''
    this.sponsored = false
    this.noMeasure = false
    this.index = 0
    this.opened = -1
    this.shot = 0
  }

  override connectedCallback(): void {
    super.connectedCallback()
    // Every browser that runs Lit has IntersectionObserver (2019 on): no fallback to test for.
    if (this.loading === 'lazy') {
      this.observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return
          this.visible = true
          this.observer?.disconnect()
          this.requestUpdate()
        },
        { rootMargin: '400px' },
      )
      this.observer.observe(this)
    } else {
      this.visible = true
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.observer?.disconnect()
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('autoplay')) {
      this.rotation.interval = this.autoplay > 0 ? Math.max(this.autoplay, 1000) : 0
      this.rotation.sync()
    }
    if (this.preview) {
      if (changed.has('preview')) this.request.show(this.preview)
    } else if (this.visible) this.request.load({ url: adsUrl(this.baseUrl || SCRIPT_ORIGIN, this), apiKey: this.apiKey })
  }

  protected override updated(changed: PropertyValues<this>): void {
    // Shown as it opens, only: focus moving back to Details as it closes re-renders (autoplay listens) before
    // its close event, and showing it again there kept it open, Details inert and focus lost to the page.
    if (changed.has('opened') && this.isConnected) this.renderRoot.querySelector('dialog')?.showModal()
    if (this.refocus) this.renderRoot.querySelector<HTMLElement>('.slide:not([inert])')?.focus()
    this.refocus = false
    this.dataset.status = this.request.state.status === 'idle' ? 'loading' : this.request.state.status
    // Descriptions are HTML: sanitised and inserted here, only when changed.
    for (const element of this.renderRoot.querySelectorAll<HTMLElement>('[data-ad]')) {
      const description = this.ads[Number(element.dataset.ad)]?.description ?? ''
      if (rendered.get(element) !== description) (rendered.set(element, description), void setSafeHTML(element, description))
    }
  }

  private settled(state: AdsState): void {
    this.index = 0
    this.opened = -1
    if (state.status === 'ready') this.emit('svc-ads-loaded', { ads: state.ads })
    else if (state.status === 'empty') this.emit('svc-ads-empty', {})
    else if (state.status === 'error') {
      this.emit('svc-ads-error', { status: state.httpStatus, message: state.message })
      if ((state.httpStatus === 401 || state.httpStatus === 403) && !this.reported) {
        this.reported = true
        console.error(`<svc-ads display="${this.display}">: the ads API refused the request (${state.httpStatus}): ${state.message}`)
      }
    }
  }

  private emit<K extends keyof SvcAdsEventMap>(type: K, detail: SvcAdsEventMap[K]['detail']): void {
    dispatchFrom(this, type, detail)
  }

  private get ads(): Ad[] {
    return this.request.state.status === 'ready' ? this.request.state.ads : []
  }

  /** Loops only when there are enough slides for it to make sense. */
  private get loops(): boolean {
    return this.ads.length > 2
  }

  /** Whether `go(target)` would move: the ends of a slider that does not loop stay put. */
  private readonly canGo = (target: number): boolean => this.loops || (target >= 0 && target < this.ads.length)

  private readonly go = (target: number): void => {
    const count = this.ads.length
    if (count < 2 || !this.canGo(target)) return
    this.index = (target + count) % count
    // Focus inside the slide that goes inert would fall to the page: it moves to the new slide instead.
    this.refocus = !!this.shadowRoot?.activeElement?.closest('.slide')
  }

  private get rtl(): boolean {
    return getComputedStyle(this).direction === 'rtl'
  }

  /** The keys of the slider at slide `index` of `count`, and of a gallery at its image: the arrows (mirrored right to left), Home and End. */
  private readonly keys =
    (index: number, count: number, go: (target: number) => void) =>
    (event: KeyboardEvent): void => {
      const forward = this.rtl ? 'ArrowLeft' : 'ArrowRight'
      const backward = this.rtl ? 'ArrowRight' : 'ArrowLeft'
      const moves: Record<string, number> = { [forward]: index + 1, [backward]: index - 1, Home: 0, End: count - 1 }
      const target = moves[event.key]
      if (target === undefined) return
      event.preventDefault()
      go(target)
    }

  private toggleRotation(): void {
    this.rotation.stopped = !this.rotation.stopped
    this.rotation.sync()
  }

  private slide(ad: Ad, position: number, strings: AdsStrings): TemplateResult {
    return adSlide(ad, {
      position,
      strings,
      sponsored: this.sponsored,
      open: (at) =>
        void import('./ad-dialog.js').then((dialog) => {
          if (!this.dialogModule) {
            const sheet = new CSSStyleSheet()
            sheet.replaceSync(dialog.dialogStyles)
            ;(this.renderRoot as ShadowRoot).adoptedStyleSheets.push(sheet)
          }
          this.dialogModule = dialog
          this.opened = at
          this.shot = 0
        }),
      followed: this.followed,
    })
  }

  private readonly followed = (code: string): void => this.measure.count('clicks', code)

  /** The dialog of the ad opened by its Details button, outside the slides (which go inert) and the slider's keys. */
  private dialog(strings: AdsStrings): TemplateResult | typeof nothing {
    const ad = this.ads[this.opened]
    return ad && this.dialogModule
      ? this.dialogModule.adDialog(ad, {
          position: this.opened,
          strings,
          sponsored: this.sponsored,
          shot: this.shot,
          shown: (shot) => (this.shot = shot),
          closed: () => (this.opened = -1),
          followed: this.followed,
          root: this.renderRoot,
          kit: { html, nothing, adText, cta, carouselControls, keys: this.keys },
        })
      : nothing
  }

  protected override render(): TemplateResult | typeof nothing {
    const status = this.request.state.status
    if (status === 'idle' || status === 'loading') return placeholder(this.layout)
    if (status !== 'ready') return this.keepEmpty ? placeholder(this.layout, true) : nothing
    const strings = stringsFor(localeOf(this))
    const name = this.label || `${strings.ads}: ${displayNameFromSlug(this.display || ANYWHERE)}`
    return html`${this.layout === 'stories' ? this.renderStories(name, strings) : this.renderCarousel(name, strings)}${this.dialog(strings)}`
  }

  private renderStories(name: string, strings: AdsStrings): TemplateResult {
    // Focusable, so keyboard users can scroll the row even when no card has a link.
    return html`<ul class="stories" part="stories" aria-label=${name} tabindex="0">
      ${this.ads.map((ad, i) => html`<li part="slide" data-code=${ad.code}>${this.slide(ad, i, strings)}</li>`)}
    </ul>`
  }

  private renderCarousel(name: string, strings: AdsStrings): TemplateResult {
    const ads = this.ads
    const count = ads.length
    const rotating = this.rotation.rotating && count > 1
    // The rotation control sits over the slide's top corner; a hero's text keeps clear of it.
    const rotation = this.autoplay > 0 && count > 1
    const offset = `${(this.rtl ? 1 : -1) * this.index * 100}%`
    const drag = this.drag
    return html`<section
      class="carousel ${this.layout === 'hero' ? 'hero' : ''} ${rotation ? 'rotates' : ''}"
      part="carousel"
      aria-roledescription="carousel"
      aria-label=${name}
      @keydown=${this.keys(this.index, count, this.go)}
    >
      ${
        rotation
          ? html`<button class="rotation" part="rotation" type="button" @click=${this.toggleRotation}>
              ${this.rotation.stopped ? strings.start : strings.stop}
            </button>`
          : nothing
      }
      <div
        class="viewport ${drag.dragging ? 'dragging' : ''}"
        @pointerdown=${drag.down}
        @pointermove=${drag.move}
        @pointerup=${drag.up}
        @pointercancel=${drag.up}
        @click=${{ handleEvent: drag.click, capture: true }}
      >
        <div
          class="track"
          id="slides"
          aria-live=${rotating ? 'off' : 'polite'}
          style="transform: translateX(${drag.dragging ? `calc(${offset} + ${drag.offset}px)` : offset})"
        >
          ${ads.map(
            (ad, i) =>
              html`<div
                class="slide"
                part=${i === this.index ? 'slide slide--active' : 'slide'}
                role="group"
                aria-roledescription="slide"
                aria-label="${i + 1} ${strings.of} ${count}"
                ?inert=${i !== this.index}
                tabindex="-1"
                data-code=${ad.code}
              >
                ${this.slide(ad, i, strings)}
              </div>`,
          )}
        </div>
      </div>
      <div class="controls" part="controls">
        ${count > 1 ? carouselControls({ index: this.index, count, strings, canGo: this.canGo, go: this.go }) : nothing}
      </div>
    </section>`
  }
}

const rendered = new WeakMap<Element, string>()

export interface SvcAdsEventMap {
  'svc-ads-loaded': CustomEvent<{ ads: Ad[] }>
  'svc-ads-empty': CustomEvent<Record<string, never>>
  'svc-ads-error': CustomEvent<{ status: number; message: string }>
  'svc-ads-impression': CustomEvent<{ ad: string; slot: string }>
  'svc-ads-viewable': CustomEvent<{ ad: string; slot: string }>
  'svc-ads-click': CustomEvent<{ ad: string; slot: string }>
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-ads': SvcAds
  }
  interface GlobalEventHandlersEventMap extends SvcAdsEventMap {}
}

if (!customElements.get('svc-ads')) customElements.define('svc-ads', SvcAds)

// Outside the class, so the manifest lists only the events documented above (not one named `type`).
function dispatchFrom(element: HTMLElement, type: string, detail: unknown): void {
  element.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }))
}
