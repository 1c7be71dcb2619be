/**
 * @module Puts an ad's description into the page as HTML, sanitised again
 * in the browser as the spec asks: the native `Element.setHTML` (the
 * Sanitizer API) where the browser has it, DOMPurify elsewhere.
 */
import DOMPurify from 'dompurify'

type WithSetHTML = Element & { setHTML?: (html: string) => void }

/**
 * Replaces `element`'s content with the sanitised `html`.
 *
 * @example
 * setSafeHTML(div, ad.description)
 */
export function setSafeHTML(element: Element, html: string): void {
  const target = element as WithSetHTML
  if (typeof target.setHTML === 'function') {
    target.setHTML(html)
    return
  }
  element.innerHTML = DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input', 'button'], FORBID_ATTR: ['style'] })
}
