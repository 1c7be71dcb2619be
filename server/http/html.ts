/**
 * @module The HTML svc writes itself (pages, mails, the demo's pictures)
 * goes through one tag, `html`: hono's `html` helper, which escapes every
 * value that is not already markup, so a name or a URL anyone typed is
 * shown and never run, and a page cannot forget to escape one. Also the
 * Content-Security-Policy source that allows exactly one inline script.
 */
import { createHash } from 'node:crypto'
import { html as honoHtml, raw } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'

/** Markup made by `html` (or declared safe with `raw`); interpolated into `html`, it is kept as it is. */
export type Html = HtmlEscapedString

/**
 * What `html` interpolates: text and numbers (escaped), markup (kept),
 * `false`, `null` and `undefined` (nothing), and lists of these (joined
 * with nothing between). No promise: a page is built from values at hand,
 * so the tag stays synchronous.
 */
export type HtmlValue = string | number | boolean | null | undefined | Html | readonly HtmlValue[]

/**
 * Builds markup, escaping each value unless it is markup already.
 *
 * @example
 * html`<p>${user.name}</p>` // '<p>&lt;b&gt;Ada&lt;/b&gt;</p>' for the name '<b>Ada</b>'
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  const markup = honoHtml(strings, ...values)
  // hono's tag turns asynchronous only for a promise among the values, which HtmlValue does not admit.
  if (markup instanceof Promise) throw new TypeError('html`…` was given a promise; await the value first')
  return markup
}

/**
 * Joins pieces of markup with `separator` (text, escaped) between them.
 *
 * @example
 * joinHtml(paragraphs.map((p) => html`<p>${p}</p>`), '\n')
 */
export const joinHtml = (pieces: readonly Html[], separator = ''): Html =>
  html`${pieces.flatMap((piece, index) => (index === 0 ? [piece] : [separator, piece]))}`

/**
 * Marks text as markup that needs no escaping: only for what is markup
 * already, such as an inline script's code or a module's own style sheet.
 *
 * @example
 * html`<script>${raw(script)}</script>`
 */
export { raw }

/**
 * The CSP `script-src` source allowing this inline script and no other.
 *
 * @example
 * c.header('Content-Security-Policy', `default-src 'none'; script-src ${inlineScriptSource(script)}`)
 */
export const inlineScriptSource = (script: string): string => `'sha256-${createHash('sha256').update(script).digest('base64')}'`
