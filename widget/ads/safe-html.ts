/**
 * @module Puts an ad's description into the page as HTML, sanitised again
 * in the browser as the spec asks: the native `Element.setHTML` (the
 * Sanitizer API) where the browser has it, the maintained js-xss allow-list
 * filter elsewhere. js-xss is half DOMPurify's size, which keeps the
 * single-file widget within its 20 KB budget; it is the second line of
 * defence, behind the server's sanitize-html, and only for browsers
 * without `setHTML`. The ES module build imports it only when needed.
 */

type WithSetHTML = Element & { setHTML?: (html: string) => void }

let filter: Promise<(html: string) => string> | undefined

/**
 * The js-xss filter used where `Element.setHTML` is missing, loaded on first use.
 *
 * @example
 * const sanitise = await fallbackFilter()
 * sanitise('<p onclick="x()">hi</p>') // '<p>hi</p>'
 */
export function fallbackFilter(): Promise<(html: string) => string> {
  filter ??= import('./fallback-filter.js').then((module) => module.sanitise)
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
