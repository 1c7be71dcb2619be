/**
 * @module The page for a request svc refuses without redirecting (an
 * unregistered client or redirect URI, a malformed request, a form that
 * expired): a heading and the reason in the visitor's language. A reason
 * meant for the partner's developer (which parameter broke which rule)
 * stays in English, marked `lang="en"`, under a sentence in the visitor's
 * language saying what they can do (in every language, English too).
 */
import type { Context } from 'hono'
import { escapeHtml } from '../http/html.js'
import { htmlPage } from './html-page.js'
import { pageWords } from './request-branding.js'

export type RefusalReason =
  /** Words already in the visitor's language. */
  | { visitor: string }
  /** The rule a developer broke, in English. */
  | { developer: string }

/**
 * Sends the refusal page.
 *
 * @example
 * return refusalPage(c, 400, 'signInError', { developer: 'redirect_uri is missing' })
 */
export function refusalPage(c: Context, status: 400 | 403, heading: 'signInError' | 'signOutError', reason: RefusalReason): Response {
  const t = pageWords(c)
  const title = escapeHtml(t[heading])
  const body =
    'visitor' in reason
      ? `<p role="status">${escapeHtml(reason.visitor)}</p>`
      : `<p role="status">${escapeHtml(t.requestRefused)}</p>\n<p class="hint">${escapeHtml(t.forTheDeveloper)} <span lang="en" dir="ltr">${escapeHtml(reason.developer)}</span></p>`
  return htmlPage(c, status, t[heading], `<h1>${title}</h1>\n${body}`)
}
