/**
 * @module Puts an ad's description into the page as HTML, sanitised again
 * in the browser as the spec asks: the native `Element.setHTML` (the
 * Sanitizer API) where the browser has it, DOMPurify elsewhere. DOMPurify
 * is imported only when needed, so browsers with `setHTML` never load it
 * from the ES module build.
 */

type WithSetHTML = Element & { setHTML?: (html: string) => void }

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
  const { default: DOMPurify } = await import('dompurify')
  element.innerHTML = DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input', 'button'], FORBID_ATTR: ['style'] })
}
