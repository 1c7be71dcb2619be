/**
 * @module A page with a heading and one message: errors that must not
 * redirect (unknown client, unregistered redirect URI), and "signed out".
 */
import { escapeHtml } from '../http/html.js'

/**
 * The body of a message page.
 *
 * @example
 * htmlPage(c, 400, 'Sign-in error', messagePage('Sign-in error', 'The application is not registered.'))
 * messagePage(t.signedInHeading, text, { href: '/console/account', text: t.goToYourAccount })
 */
export function messagePage(heading: string, message: string, next?: { href: string; text: string }): string {
  const onward = next ? `\n<p><a href="${escapeHtml(next.href)}">${escapeHtml(next.text)}</a></p>` : ''
  return `<h1>${escapeHtml(heading)}</h1>\n<p role="status">${escapeHtml(message)}</p>${onward}`
}
