/**
 * @module The page for a request svc refuses without redirecting (an
 * unregistered client or redirect URI, a malformed request, a form that
 * expired): a heading and the reason in the visitor's language. A reason
 * meant for the partner's developer (which parameter broke which rule)
 * stays in English, marked `lang="en"`, under a sentence in the visitor's
 * language saying what they can do (in every language, English too).
 */
import type { Context } from 'hono'
import { html } from '../http/html.js'
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
  const body =
    'visitor' in reason
      ? html`<p role="status">${reason.visitor}</p>`
      : html`<p role="status">${t.requestRefused}</p>\n<p class="hint">${t.forTheDeveloper} <span lang="en" dir="ltr">${reason.developer}</span></p>`
  return htmlPage(c, status, t[heading], html`<h1>${t[heading]}</h1>\n${body}`)
}
