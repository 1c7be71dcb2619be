/**
 * @module Small helpers for the HTML svc writes itself: escaping text, and
 * the Content-Security-Policy source that allows exactly one inline script.
 */
import { createHash } from 'node:crypto'

/**
 * Escapes text for HTML (and XML) content and attribute values.
 *
 * @example
 * `<p>${escapeHtml(name)}</p>`
 */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

/**
 * The CSP `script-src` source allowing this inline script and no other.
 *
 * @example
 * c.header('Content-Security-Policy', `default-src 'none'; script-src ${inlineScriptSource(script)}`)
 */
export const inlineScriptSource = (script: string): string => `'sha256-${createHash('sha256').update(script).digest('base64')}'`
