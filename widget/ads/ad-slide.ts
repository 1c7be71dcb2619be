/**
 * @module One ad's content, the same in every layout: the image, the text
 * box and its call to action, which is the slide's one link and, stretched
 * over it, makes the whole slide clickable. An ad without an image is a
 * text card instead: its words set large on the accent colour, never an
 * empty frame that looks like a picture that failed. Every ad has a
 * Details button after its call to action: it opens the whole ad, its text
 * and its gallery, in a dialog (`ad-dialog.ts`). Always there, it needs no
 * measuring of what fits and never appears late (no layout shift). Ad text takes its own direction (`dir="auto"`): an
 * Arabic title reads right to left on an English page.
 */
import { html, nothing, type TemplateResult } from 'lit'
import type { Ad } from '../../shared/ads-wire.js'
import type { AdsStrings } from './locales.js'

export interface AdSlideOptions {
  /** The ad's place in the slot: ids, and only the first image loads eagerly. */
  position: number
  strings: AdsStrings
  sponsored: boolean
  /** Opens the ad at `position` in the dialog. */
  open: (position: number) => void
  followed: (code: string) => void
}

/**
 * The slide's content; the description is left empty for the element to fill, sanitised, after rendering.
 *
 * @example
 * html`<div class="slide">${adSlide(ad, { position: 0, strings, sponsored: false, open, followed })}</div>`
 */
export function adSlide(ad: Ad, { position, strings, sponsored, open, followed }: AdSlideOptions): TemplateResult {
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
      <div class="body" @focusout=${atStart}>${adText(ad, position, strings, sponsored)}</div>
      <div class="actions">
        ${cta(ad, strings, followed)}
        <button class="more" part="more" type="button" aria-haspopup="dialog" @click=${() => open(position)}>${strings.details}</button>
      </div>
    </div>`
}

/**
 * The sponsored word, title, label and (empty, for the element to fill) description of an ad, in the slide and in the dialog.
 *
 * @example
 * html`<div class="body">${adText(ad, 0, strings, true)}</div>`
 */
export function adText(ad: Ad, position: number, strings: AdsStrings, sponsored: boolean): TemplateResult {
  return html`${sponsored ? html`<p class="sponsored" part="sponsored">${strings.sponsored}</p>` : nothing}
    <h3 class="title" part="title" dir="auto">${ad.title}</h3>
    ${ad.label ? html`<p class="label" part="label" dir="auto">${ad.label}</p>` : nothing}
    <div class="description" part="description" dir="auto" data-ad=${position}></div>`
}

/**
 * The ad's call to action, when it has an http(s) URL.
 *
 * @example
 * html`<div class="actions">${cta(ad, strings, followed)}</div>`
 */
export function cta(ad: Ad, strings: AdsStrings, followed: (code: string) => void): TemplateResult | typeof nothing {
  const blank = ad.target === '_blank'
  return /^https?:\/\//i.test(ad.url)
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

// A broken image is hidden rather than shown as the browser's broken-image
// icon; its box stays (no layout shift) and the slide's background shows.
function failed(event: Event): void {
  const image = event.target as HTMLImageElement
  image.classList.toggle('failed', event.type === 'error')
}

// Focus reaching a link below the fold of the text box scrolls the box (its
// overflow is hidden, not unscrollable); once focus leaves, the title shows again.
function atStart(event: FocusEvent): void {
  ;(event.currentTarget as HTMLElement).scrollTop = 0
}
