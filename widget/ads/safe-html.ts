/**
 * @module Puts an ad's description into the page as HTML, sanitised again
 * in the browser as the spec asks: the native `Element.setHTML` (the
 * Sanitizer API) where the browser has it, the maintained js-xss allow-list
 * filter elsewhere. js-xss is half DOMPurify's size, which keeps the
 * single-file widget within its 20 KB budget; it is the second line of
 * defence, behind the server's sanitize-html, and only for browsers
 * without `setHTML`. The ES module build imports it only when needed.
 */

import { DESCRIPTION_ATTRIBUTES, DESCRIPTION_TAGS, IMAGE_SCHEMES, LINK_SCHEMES } from '../../shared/description-policy.js'

type WithSetHTML = Element & { setHTML?: (html: string) => void }

const ALLOWED: Record<string, string[]> = Object.fromEntries(DESCRIPTION_TAGS.map((tag) => [tag, [...(DESCRIPTION_ATTRIBUTES[tag] ?? [])]]))
const LINK_URL = new RegExp(
  `^(${LINK_SCHEMES.map((scheme) => (scheme.startsWith('http') ? `${scheme}://` : `${scheme}:`)).join('|')})`,
  'i',
)
const IMAGE_URL = new RegExp(`^(${IMAGE_SCHEMES.map((scheme) => `${scheme}://`).join('|')})`, 'i')
// Elements whose content must go with them, not be kept as text.
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'svg',
  'math',
  'form',
  'select',
]

let filter: Promise<(html: string) => string> | undefined

/**
 * The js-xss filter used where `Element.setHTML` is missing, loaded on first use.
 *
 * @example
 * const sanitise = await fallbackFilter()
 * sanitise('<p onclick="x()">hi</p>') // '<p>hi</p>'
 */
export function fallbackFilter(): Promise<(html: string) => string> {
  filter ??= import('xss').then(({ FilterXSS, escapeAttrValue }) => {
    const xss = new FilterXSS({
      whiteList: ALLOWED,
      stripIgnoreTag: true,
      stripIgnoreTagBody: DROPPED_WITH_CONTENT,
      css: false,
      // Only http(s), mailto and tel links and http(s) images survive; an
      // unsafe URL takes its attribute with it.
      onTagAttr: (tag, name, value) => {
        if (name !== 'href' && name !== 'src') return undefined
        const url = value.trim()
        return (tag === 'img' ? IMAGE_URL : LINK_URL).test(url) ? `${name}="${escapeAttrValue(url)}"` : ''
      },
    })
    // js-xss leaves "[removed]" markers where nested dropped elements were.
    return (html: string) => xss.process(html).replace(/\[\/?removed\]/g, '')
  })
  return filter
}

/**
 * Replaces `element`'s content with the sanitised `html`; nothing unsanitised is ever inserted.
 *
 * @example
 * await setSafeHTML(div, ad.description)
 */
export async function setSafeHTML(element: Element, html: string, { native = true } = {}): Promise<void> {
  const target = element as WithSetHTML
  if (native && typeof target.setHTML === 'function') {
    target.setHTML(html)
    return
  }
  element.innerHTML = (await fallbackFilter())(html)
}
