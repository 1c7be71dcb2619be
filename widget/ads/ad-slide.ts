/**
 * @module One ad's content, the same in every layout: the image (or a
 * themed block of the same size), the text box and its call to action,
 * which is the slide's one link and, stretched over it, makes the whole
 * slide clickable. The More button comes after it, so the call to action
 * never moves when More appears (no layout shift). Focus reaching a link in
 * the text opens the box, so the browser never scrolls a closed box away
 * from its title. Ad text takes its own
 * direction (`dir="auto"`): an Arabic title reads right to left on an
 * English page.
 */
import { html, nothing, type TemplateResult } from 'lit'
import type { Ad } from '../../shared/ads-wire.js'
import type { AdsStrings } from './locales.js'

export interface AdSlideOptions {
  /** The ad's place in the slot: ids, and only the first image loads eagerly. */
  position: number
  strings: AdsStrings
  sponsored: boolean
  /** The text box shows all its text, scrollable, instead of what fits. */
  open: boolean
  toggle: (position: number) => void
  followed: (code: string) => void
}

/**
 * The slide's content; the description is left empty for the element to fill, sanitised, after rendering.
 *
 * @example
 * html`<div class="slide">${adSlide(ad, { position: 0, strings, sponsored: false, open: false, toggle, followed })}</div>`
 */
export function adSlide(ad: Ad, { position, strings, sponsored, open, toggle, followed }: AdSlideOptions): TemplateResult {
  const blank = ad.target === '_blank'
  return html`${
      ad.image
        ? html`<img
            class="image"
            part="image"
            src=${ad.image}
            alt=""
            draggable="false"
            loading=${position ? 'lazy' : 'eager'}
            decoding="async"
            @error=${failed}
            @load=${failed}
          />`
        : html`<div class="image none"></div>`
    }
    <div class="text">
      <div
        class="body ${open ? 'open' : ''}"
        id="text-${position}"
        tabindex=${open ? 0 : nothing}
        @focusin=${(event: FocusEvent) => open || (toggle(position), revealOnceOpen(event))}
      >
        ${sponsored ? html`<p class="sponsored" part="sponsored">${strings.sponsored}</p>` : nothing}
        <h3 class="title" part="title" dir="auto">${ad.title}</h3>
        ${ad.label ? html`<p class="label" part="label" dir="auto">${ad.label}</p>` : nothing}
        <div class="description" part="description" dir="auto" data-ad=${position}></div>
        ${
          ad.images.length
            ? html`<div class="gallery">${ad.images.map((src) => html`<img src=${src} alt="" draggable="false" loading="lazy" />`)}</div>`
            : nothing
        }
      </div>
      <div class="actions">
        ${
          isHttpUrl(ad.url)
            ? html`<a
                class="cta"
                part="cta"
                href=${ad.url}
                target=${blank ? '_blank' : '_self'}
                rel=${blank ? 'noopener noreferrer' : nothing}
                draggable="false"
                @click=${() => followed(ad.code)}
                >${ad.link.trim() || strings.learnMore}</a
              >`
            : nothing
        }
        <button
          class="more"
          part="more"
          type="button"
          aria-controls="text-${position}"
          aria-expanded=${open}
          @click=${() => toggle(position)}
        >
          ${open ? strings.less : strings.more}
        </button>
      </div>
    </div>`
}

// A broken image is hidden rather than shown as the browser's broken-image
// icon; its box stays (no layout shift) and the slide's background shows.
function failed(event: Event): void {
  const image = event.target as HTMLImageElement
  image.classList.toggle('failed', event.type === 'error')
}

// The box opens on the next render; only then can the focused link be
// scrolled into its view (the browser scrolled the box while it was closed).
function revealOnceOpen(event: FocusEvent): void {
  const body = event.currentTarget as HTMLElement
  const target = event.target as HTMLElement
  requestAnimationFrame(() => {
    const box = body.getBoundingClientRect()
    const focused = target.getBoundingClientRect()
    if (focused.bottom > box.bottom) body.scrollTop += focused.bottom - box.bottom + 4
    else if (focused.top < box.top) body.scrollTop -= box.top - focused.top + 4
  })
}

function isHttpUrl(value: string): boolean {
  return /^https?:\/\//i.test(value)
}
