/**
 * @module The whole of one ad, opened by a slide's Details button: a
 * native modal `<dialog>` (focus moves in, Escape or a click outside
 * closes it, focus returns to the button, the page behind is inert) rather
 * than a slide that grows, so a slider keeps its size and a partner's page
 * never moves. Its images are a gallery: one large image at a time in a
 * scroll-snapping strip (a named group) that a finger swipes, arrow keys
 * and the Previous/Next buttons step through one image a press, with its
 * position ("2 / 10") announced politely. Then the title, label, whole description and the
 * call to action.
 */
import type { html as litHtml, nothing as litNothing, TemplateResult } from 'lit'
import type { Ad } from '../../shared/ads-wire.js'
import type { adText as adTextOf, cta as ctaOf } from './ad-slide.js'
import type { carouselControls as carouselControlsOf } from './carousel-controls.js'
import type { AdsStrings } from './locales.js'

/**
 * What the dialog renders with, handed over by the element: this module
 * imports nothing, so the ES module's build splits it off whole, loaded on
 * the first press of Details (most visitors never press it).
 */
export interface DialogKit {
  html: typeof litHtml
  nothing: typeof litNothing
  adText: typeof adTextOf
  cta: typeof ctaOf
  carouselControls: typeof carouselControlsOf
  /** The slider's own keys (arrows mirrored right to left, Home, End), stepping from image `index` of `count` with `go`. */
  keys: (index: number, count: number, go: (target: number) => void) => (event: KeyboardEvent) => void
}

export interface AdDialogOptions {
  /** The ad's place in the slot, which its description is filled by. */
  position: number
  strings: AdsStrings
  sponsored: boolean
  /** The gallery's image in view. */
  shot: number
  /** Scrolled to image `shot` (by a swipe, a key or a button). */
  shown: (shot: number) => void
  closed: () => void
  followed: (code: string) => void
  /** Where the dialog is rendered, to find its gallery in. */
  root: ParentNode
  kit: DialogKit
}

/**
 * The dialog of an ad; the element calls `showModal()` on it once rendered.
 *
 * @example
 * html`${adDialog(ad, { position: 0, strings, sponsored: false, shot: 0, shown, closed, followed, root: this.renderRoot, kit })}`
 */
export function adDialog(
  ad: Ad,
  { position, strings, sponsored, shot, shown, closed, followed, root, kit }: AdDialogOptions,
): TemplateResult {
  const { html, nothing, adText, cta, carouselControls, keys } = kit
  const images = [...new Set([ad.image, ...ad.images])].filter(Boolean)
  const count = images.length
  // Through the strip's own scrolling, so a swipe, a key and a button all land on whole images. The image
  // gone to is in view at once and the next press steps on from it: the browser's own arrow-key scrolling,
  // stepping from where a scroll was mid-way, lost presses.
  const go = (target: number) => {
    shown((target = (target + count) % count))
    root.querySelector('#shots')!.children[target]!.scrollIntoView({ block: 'nearest', inline: 'start' })
  }
  const scrolled = (event: Event) => {
    const strip = event.currentTarget as HTMLElement
    shown(Math.round(Math.abs(strip.scrollLeft) / strip.clientWidth))
  }
  return html`<dialog part="dialog" aria-label=${ad.title} closedby="any" @close=${closed}>
    <button class="close" part="close" type="button" @click=${() => root.querySelector('dialog')!.close()}>${strings.close}</button>
    ${
      count
        ? html`<div
            class="shots"
            id="shots"
            part="gallery"
            role="group"
            aria-label=${ad.title}
            tabindex="0"
            @scroll=${scrolled}
            @keydown=${keys(shot, count, go)}
          >
            ${images.map((src) => html`<img src=${src} alt="" draggable="false" loading="lazy" />`)}
          </div>`
        : nothing
    }
    ${count > 1 ? html`<div class="controls">${carouselControls({ index: shot, count, strings, canGo: () => true, go, controls: 'shots' })}</div>` : nothing}
    ${adText(ad, position, strings, sponsored)} ${cta(ad, strings, followed)}
  </dialog>`
}

// Minified at build time like every css`` template (vite.config.ts); a plain
// string, which the element adopts as a constructed style sheet. A modal
// dialog's height is the browser's: up to the viewport less about 2em,
// scrolling inside (its parts keep their own height, flex: none).
const css = String.raw

/** The dialog's styles, adopted by the element's shadow root with the module. */
export const dialogStyles = css`
  dialog {
    width: min(60rem, 100% - 2rem);
    padding: 1rem;
    border: 0;
    border-radius: var(--svc-ads-radius);
    background: var(--svc-ads-surface);
    color: var(--svc-ads-text);
    overflow-wrap: anywhere;
  }
  dialog[open] {
    display: flex;
    flex-direction: column;
    gap: 0.6rem;
  }
  dialog > * {
    margin: 0;
    flex: none;
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.6);
  }
  .close {
    align-self: end;
  }
  dialog .title {
    display: block;
    font-size: 1.4rem;
  }
  dialog .cta {
    align-self: start;
    white-space: normal;
  }
  .shots {
    display: flex;
    overflow-x: auto;
    scroll-snap-type: x mandatory;
    scrollbar-width: none;
    border-radius: var(--svc-ads-radius);
    background: var(--svc-ads-skeleton);
  }
  .shots img {
    flex: none;
    width: 100%;
    aspect-ratio: var(--svc-ads-aspect-ratio);
    object-fit: contain;
    scroll-snap-align: start;
  }
`
