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
 */
export function messagePage(heading: string, message: string): string {
  return `<h1>${escapeHtml(heading)}</h1>\n<p role="status">${escapeHtml(message)}</p>`
}
