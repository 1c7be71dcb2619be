/**
 * @module The controls of the slider, and of an ad's gallery in its
 * dialog: Previous, a "2 / 6" count and Next. The count stands for dots at
 * every width: it fits any number of ads, in any slot, with no 24 px
 * targets to miss. In the slider it is silent (the slides are announced);
 * in a gallery, whose images say nothing, it is announced politely. It
 * reads left to right on any page: "1 / 3" would show as "3 / 1" in
 * Arabic or Hebrew text.
 * Previous and Next stay focusable at the ends of a slider that does not
 * loop (`aria-disabled`), so a keyboard user's focus is never lost.
 * Their glyphs, ‹ and ›, are mirrored characters (Unicode Bidi_Mirrored):
 * on a right-to-left page the browser draws each as the other, so Previous,
 * on the right, points right. A CSS flip on top mirrored them back (issue
 * 28). Their direction is the element's, never an ad's: ads' words take
 * their own (`dir="auto"`) inside the slide.
 */
import { html, type TemplateResult } from 'lit'
import type { AdsStrings } from './locales.js'

export interface CarouselControlsOptions {
  index: number
  count: number
  strings: AdsStrings
  /** Whether going to a slide would move (the ends of a slider that does not loop do not). */
  canGo: (target: number) => boolean
  go: (target: number) => void
  /** The id of the element the buttons move: `slides`, or a gallery's `shots`. */
  controls?: string
}

/**
 * The controls of a slider of `count` slides showing slide `index`.
 *
 * @example
 * html`<div class="controls">${carouselControls({ index: 0, count: 3, strings, canGo, go })}</div>`
 */
export function carouselControls({ index, count, strings, canGo, go, controls = 'slides' }: CarouselControlsOptions): TemplateResult {
  const step = (delta: number, label: string, glyph: string) =>
    html`<button
      class="step"
      type="button"
      aria-controls=${controls}
      aria-label=${label}
      aria-disabled=${!canGo(index + delta)}
      @click=${() => go(index + delta)}
    >
      ${glyph}
    </button>`
  return html`${step(-1, strings.previous, '‹')}
    <span class="count" part="count" dir="ltr" aria-hidden=${controls == 'slides'} aria-live="polite">${index + 1} / ${count}</span>
    ${step(1, strings.next, '›')}`
}
