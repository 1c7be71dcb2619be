/**
 * @module Helpers of the `<svc-ads>` browser tests: real-world ads (shown
 * through the `preview` property, as the console's editor does, so each
 * test picks its own content) and ways to look into the shadow root.
 */
import { oneEvent } from '@open-wc/testing'
import type { Ad } from '../../shared/ads-wire.js'
import type { SvcAds } from './svc-ads.js'
import './svc-ads.js'

/**
 * An ad with an image, a URL and button text, changed by `extra`.
 *
 * @example
 * testAd(2, { image: '' }) // an image-less ad
 */
export function testAd(n: number, extra: Partial<Ad> = {}): Ad {
  return {
    code: `ADS000000000${n}`,
    title: `Ad ${n}`,
    label: `Label ${n}`,
    url: `https://shop.example/${n}`,
    link: `Open ${n}`,
    target: '_self',
    size: null,
    display: 'Home',
    tags: null,
    description: `<p>Description <strong>${n}</strong></p>`,
    image: `/widget/ads/test-image.svg?${n}`,
    images: [],
    ...extra,
  }
}

/**
 * A `<svc-ads>` showing `ads`, with the given attributes, `width` px wide, once rendered and measured.
 *
 * @example
 * const element = await previewed([testAd(1)], { layout: 'hero' }, 375)
 */
export async function previewed(
  ads: Ad[],
  attributes: Record<string, string> = {},
  width = 600,
  parent: Element = document.body,
): Promise<SvcAds> {
  const element = document.createElement('svc-ads')
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  element.style.width = `${width}px`
  element.preview = ads
  const shown = oneEvent(element, 'svc-ads-loaded')
  parent.append(element)
  await shown
  await element.updateComplete
  await frames()
  return element
}

/** Waits for three animation frames: layout, resize observers and what they change. */
export async function frames(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(resolve))
}

export const shadow = (element: SvcAds) => element.shadowRoot!
export const slidesOf = (element: SvcAds) => [...shadow(element).querySelectorAll<HTMLElement>('.slide, .stories > li')]
export const currentSlide = (element: SvcAds) => slidesOf(element).findIndex((slide) => !slide.inert)

/** Whether `inner` lies wholly inside `outer` on screen (1px of rounding allowed). */
export function inside(inner: Element, outer: Element): boolean {
  const a = inner.getBoundingClientRect()
  const b = outer.getBoundingClientRect()
  return a.width > 0 && a.height > 0 && a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1
}

/** The element a click at the centre of `target` would land on, looking into the shadow root. */
export function hitAt(element: SvcAds, target: Element, dy = 0): Element | null {
  const box = target.getBoundingClientRect()
  return shadow(element).elementFromPoint(box.left + box.width / 2, box.top + box.height / 2 + dy)
}

/** WCAG contrast ratio of two `rgb(...)` colours. */
export function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = colour
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((value) => {
        const c = Number(value) / 255
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      })
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  }
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}
