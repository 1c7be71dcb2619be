/**
 * @module The slider's controls: Previous, the dots (or, in a narrow slot,
 * a "2 / 6" count) and Next. Previous and Next stay focusable at the ends
 * of a slider that does not loop (`aria-disabled`), so a keyboard user's
 * focus is never lost.
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
}

/**
 * The controls of a slider of `count` slides showing slide `index`.
 *
 * @example
 * html`<div class="controls">${carouselControls({ index: 0, count: 3, strings, canGo, go })}</div>`
 */
export function carouselControls({ index, count, strings, canGo, go }: CarouselControlsOptions): TemplateResult {
  const step = (delta: number, label: string, glyph: string) =>
    html`<button
      class="step"
      type="button"
      aria-controls="slides"
      aria-label=${label}
      aria-disabled=${!canGo(index + delta)}
      @click=${() => go(index + delta)}
    >
      ${glyph}
    </button>`
  return html`${step(-1, strings.previous, '‹')}
    <div class="dots">
      ${Array.from(
        { length: count },
        (_, i) =>
          html`<button
            type="button"
            part="dot"
            aria-controls="slides"
            aria-label="${strings.slide} ${i + 1} ${strings.of} ${count}"
            aria-current=${i === index}
            @click=${() => go(i)}
          ></button>`,
      )}
    </div>
    <span class="count" aria-hidden="true">${index + 1} / ${count}</span>
    ${step(1, strings.next, '›')}`
}
