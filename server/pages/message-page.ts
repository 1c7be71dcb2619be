/**
 * @module A page with a heading and one message: errors that must not
 * redirect (unknown client, unregistered redirect URI), and "signed out".
 */
import { type Html, html } from '../http/html.js'

/**
 * The body of a message page.
 *
 * @example
 * htmlPage(c, 400, 'Sign-in error', messagePage('Sign-in error', 'The application is not registered.'))
 * messagePage(t.signedInHeading, text, { href: '/console/account', text: t.goToYourAccount })
 */
export function messagePage(heading: string, message: string, next?: { href: string; text: string }): Html {
  const onward = next ? html`\n<p><a href="${next.href}">${next.text}</a></p>` : ''
  return html`<h1>${heading}</h1>\n<p role="status">${message}</p>${onward}`
}
