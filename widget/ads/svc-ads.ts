/**
 * @module `<svc-ads>`: one slot's published ads as an accessible slider,
 * a hero banner or a row of stories, read from the svc ads API.
 */
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit'
import { ref } from 'lit/directives/ref.js'
import type { Ad } from '../../shared/ads-wire.js'
import { ANYWHERE, displayNameFromSlug } from '../../shared/slug.js'
import { type AdsState, AdsRequestController } from './ads-request-controller.js'
import { AutoplayController } from './autoplay-controller.js'
import { setSafeHTML } from './safe-html.js'
import { SCRIPT_ORIGIN } from '../script-origin.js'
import { svcAdsStyles } from './svc-ads.styles.js'

const SWIPE_PX = 40

export type SvcAdsLayout = 'slider' | 'hero' | 'stories'

/**
 * Shows the published ads of one display slot.
 *
 * @summary An ad slot: `<svc-ads display="home-slider-ads" api-key="svc_pk_…"></svc-ads>`.
 *
 * @event svc-ads-loaded - Ads arrived; `detail.ads` holds them.
 * @event svc-ads-empty - The slot has no published ads; the element hides unless `keep-empty`.
 * @event svc-ads-error - The API refused or failed; `detail.status` and `detail.message` say why.
 * @event svc-ad-click - A call to action was followed; `detail.code` names the ad.
 *
 * @csspart carousel - The slider region.
 * @csspart slide - Each slide; the visible one also has `slide--active`.
 * @csspart image - An ad's main image.
 * @csspart title - An ad's headline.
 * @csspart label - An ad's sub-headline.
 * @csspart description - An ad's rich text.
 * @csspart cta - The call-to-action link.
 * @csspart controls - The previous, next and dot buttons.
 * @csspart dot - Each dot; the current one has `aria-current="true"`.
 * @csspart rotation - The start/stop rotation button.
 * @csspart skeleton - The placeholder shown while loading.
 * @csspart stories - The list of cards in the `stories` layout.
 *
 * @cssproperty [--svc-ads-aspect-ratio=2 / 1] - The images' aspect ratio, reserved before they load.
 * @cssproperty [--svc-ads-radius=12px] - Corner radius.
 * @cssproperty [--svc-ads-gap=1rem] - Space between stories.
 * @cssproperty [--svc-ads-accent=#0969da] - Buttons and the current dot.
 * @cssproperty [--svc-ads-accent-contrast=#fff] - Text on the accent colour.
 * @cssproperty [--svc-ads-text=#1f2328] - Text colour.
 * @cssproperty [--svc-ads-muted=#57606a] - Secondary text colour.
 * @cssproperty [--svc-ads-surface=#fff] - Slide background.
 * @cssproperty [--svc-ads-skeleton=#eaeef2] - Placeholder colour.
 * @cssproperty [--svc-ads-text-height=10rem] - The text block's fixed height (longer descriptions clip), so slides never change size.
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
    preview: { attribute: false },
    index: { state: true },
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
  declare layout: SvcAdsLayout
  /** Milliseconds between slides; 0 turns rotation off. */
  declare autoplay: number
  /** `lazy`: fetch only when the slot nears the viewport. */
  declare loading: 'eager' | 'lazy'
  /** Keep the (empty) slot's space when it has no ads. */
  declare keepEmpty: boolean
  /** The carousel's accessible name; the slot's name by default. */
  declare label: string
  /** Ads to show as they are, without asking the API: an editor's preview of unsaved ads. */
  declare preview: Ad[] | undefined
  /** @internal The visible slide. */
  declare index: number

  private readonly request = new AdsRequestController(this, (state) => this.settled(state))
  private readonly rotation = new AutoplayController(this, () => this.go(this.index + 1))
  private visible = false
  private observer?: IntersectionObserver
  private swipeStart?: number
  private reported = false

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
    this.index = 0
  }

  override connectedCallback(): void {
    super.connectedCallback()
    if (this.loading === 'lazy' && 'IntersectionObserver' in window) {
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
    } else if (this.visible) this.request.load({ url: this.adsUrl(), apiKey: this.apiKey })
  }

  protected override updated(): void {
    this.dataset.status = this.request.state.status === 'idle' ? 'loading' : this.request.state.status
  }

  private adsUrl(): string {
    const base = new URL(this.baseUrl || SCRIPT_ORIGIN, location.href)
    const slug = encodeURIComponent(this.display || ANYWHERE)
    const limit = Math.min(12, Math.max(1, Math.trunc(Number(this.limit)) || 1))
    return new URL(`ads/${slug}?limit=${limit}&random=${this.random === 0 ? 0 : 1}`, base.href.endsWith('/') ? base : `${base.href}/`).href
  }

  private settled(state: AdsState): void {
    this.index = 0
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

  private go(target: number): void {
    const count = this.ads.length
    if (count < 2) return
    this.index = this.loops ? (target + count) % count : Math.min(count - 1, Math.max(0, target))
  }

  private get rtl(): boolean {
    return getComputedStyle(this).direction === 'rtl'
  }

  private onKeydown(event: KeyboardEvent): void {
    const forward = this.rtl ? 'ArrowLeft' : 'ArrowRight'
    const backward = this.rtl ? 'ArrowRight' : 'ArrowLeft'
    const moves: Record<string, () => void> = {
      [forward]: () => this.go(this.index + 1),
      [backward]: () => this.go(this.index - 1),
      Home: () => this.go(0),
      End: () => this.go(this.ads.length - 1),
    }
    const move = moves[event.key]
    if (!move) return
    event.preventDefault()
    move()
  }

  private onPointerDown(event: PointerEvent): void {
    this.swipeStart = event.clientX
  }

  private onPointerUp(event: PointerEvent): void {
    if (this.swipeStart === undefined) return
    const dx = event.clientX - this.swipeStart
    this.swipeStart = undefined
    if (Math.abs(dx) < SWIPE_PX) return
    const towardsStart = this.rtl ? dx < 0 : dx > 0
    this.go(this.index + (towardsStart ? -1 : 1))
  }

  private toggleRotation(): void {
    this.rotation.stopped = !this.rotation.stopped
    this.rotation.sync()
  }

  protected override render(): TemplateResult | typeof nothing {
    const state = this.request.state
    if (state.status === 'idle' || state.status === 'loading') {
      return this.renderSkeleton()
    }
    if (state.status !== 'ready') return nothing
    const name = this.label || `Ads: ${displayNameFromSlug(this.display || ANYWHERE)}`
    return this.layout === 'stories' ? this.renderStories(name) : this.renderCarousel(name)
  }

  /** A placeholder of the final size, so nothing moves when the ads arrive. */
  private renderSkeleton(): TemplateResult {
    if (this.layout === 'stories') {
      return html`<ul class="stories" aria-hidden="true">
        <li class="skeleton-card" part="skeleton">
          <div class="skeleton"></div>
          <div class="skeleton skeleton-text"></div>
        </li>
      </ul>`
    }
    return html`<div aria-hidden="true" part="skeleton">
      <div class="skeleton"></div>
      ${this.layout === 'hero' ? nothing : html`<div class="skeleton skeleton-text"></div>`}
      <div class="skeleton skeleton-controls"></div>
    </div>`
  }

  private renderStories(name: string): TemplateResult {
    return html`<ul class="stories" part="stories" aria-label=${name}>
      ${this.ads.map((ad, i) => html`<li part="slide">${this.renderAd(ad, i)}</li>`)}
    </ul>`
  }

  private renderCarousel(name: string): TemplateResult {
    const ads = this.ads
    const count = ads.length
    const rotating = this.rotation.rotating && count > 1
    const offset = (this.rtl ? 1 : -1) * this.index * 100
    return html`<section
      class="carousel ${this.layout === 'hero' ? 'hero' : ''}"
      part="carousel"
      aria-roledescription="carousel"
      aria-label=${name}
      @keydown=${this.onKeydown}
    >
      ${
        this.autoplay > 0 && count > 1
          ? html`<button class="rotation" part="rotation" type="button" @click=${this.toggleRotation}>
              ${this.rotation.stopped ? 'Start automatic slide show' : 'Stop automatic slide show'}
            </button>`
          : nothing
      }
      <div class="viewport" @pointerdown=${this.onPointerDown} @pointerup=${this.onPointerUp}>
        <div class="track" id="slides" aria-live=${rotating ? 'off' : 'polite'} style="transform: translateX(${offset}%)">
          ${ads.map(
            (ad, i) =>
              html`<div
                class="slide"
                part=${i === this.index ? 'slide slide--active' : 'slide'}
                role="group"
                aria-roledescription="slide"
                aria-label="${i + 1} of ${count}"
                aria-hidden=${i === this.index ? 'false' : 'true'}
                ?inert=${i !== this.index}
              >
                ${this.renderAd(ad, i)}
              </div>`,
          )}
        </div>
      </div>
      ${count > 1 ? this.renderControls(count) : html`<div class="controls" part="controls"></div>`}
    </section>`
  }

  private renderControls(count: number): TemplateResult {
    return html`<div class="controls" part="controls">
      <button
        type="button"
        aria-controls="slides"
        aria-label="Previous slide"
        ?disabled=${!this.loops && this.index === 0}
        @click=${() => this.go(this.index - 1)}
      >
        ‹
      </button>
      <button
        type="button"
        aria-controls="slides"
        aria-label="Next slide"
        ?disabled=${!this.loops && this.index === count - 1}
        @click=${() => this.go(this.index + 1)}
      >
        ›
      </button>
      <div class="dots">
        ${Array.from(
          { length: count },
          (_, i) =>
            html`<button
              type="button"
              part="dot"
              aria-controls="slides"
              aria-label="Slide ${i + 1} of ${count}"
              aria-current=${i === this.index ? 'true' : 'false'}
              @click=${() => this.go(i)}
            ></button>`,
        )}
      </div>
    </div>`
  }

  private renderAd(ad: Ad, position: number): TemplateResult {
    return html`${
        ad.image
          ? html`<img
              class="image"
              part="image"
              src=${ad.image}
              alt=""
              width="1200"
              height="600"
              loading=${position === 0 ? 'eager' : 'lazy'}
              decoding="async"
            />`
          : nothing
      }
      <div class="text">
        <h3 class="title" part="title">${ad.title}</h3>
        ${ad.label ? html`<p class="label" part="label">${ad.label}</p>` : nothing}
        <div class="description" part="description" ${ref((element) => element && renderDescription(element, ad.description))}></div>
        ${
          ad.images.length
            ? html`<div class="gallery">${ad.images.map((src) => html`<img src=${src} alt="" loading="lazy" decoding="async" />`)}</div>`
            : nothing
        }
        ${
          isHttpUrl(ad.url) && ad.link
            ? html`<a
                class="cta"
                part="cta"
                href=${ad.url}
                target=${ad.target === '_blank' ? '_blank' : '_self'}
                rel=${ad.target === '_blank' ? 'noopener noreferrer' : nothing}
                @click=${() => this.emit('svc-ad-click', { code: ad.code })}
                >${ad.link}</a
              >`
            : nothing
        }
      </div>`
  }
}

const rendered = new WeakMap<Element, string>()

/** Sanitises and inserts a description, only when it changed. */
function renderDescription(element: Element, description: string): void {
  if (rendered.get(element) === description) return
  rendered.set(element, description)
  void setSafeHTML(element, description)
}

function isHttpUrl(value: string): boolean {
  return /^https?:\/\//i.test(value)
}

export interface SvcAdsEventMap {
  'svc-ads-loaded': CustomEvent<{ ads: Ad[] }>
  'svc-ads-empty': CustomEvent<Record<string, never>>
  'svc-ads-error': CustomEvent<{ status: number; message: string }>
  'svc-ad-click': CustomEvent<{ code: string }>
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
