/**
 * @module The sign-in form of every svc sign-in page: labelled `Email` and
 * `Password` fields and a `Sign in` button, with the hidden fields the
 * page's endpoint needs (CSRF token, sealed interaction). While the
 * throttle makes a sign-in wait, a second form offers `Email me a sign-in
 * link` for the address typed; for an account whose address is not
 * confirmed yet, one offers `Mail me the link again`.
 */
import { type Html, html } from '../../http/html.js'
import type { Locale } from '../../i18n/locale.js'
import { fill, pageStrings } from '../../i18n/pages.js'
import { hiddenFields } from '../../pages/form-field.js'
import { type PasskeySignIn, passkeySignInForm } from './passkey-sign-in-form.js'

export interface LoginPageModel {
  heading: string
  /** Where the form posts. */
  action: string
  hidden: Record<string, string>
  loginHint?: string
  error?: string
  /** Linked external providers to sign in with instead, each with where its button goes. */
  external?: { name: string; href: string }[]
  /** The form that mails an unconfirmed account's confirmation link again (its hidden fields name the address). */
  resendConfirmation?: { action: string; hidden: Record<string, string> }
  /** "Forgot password?" and, while sign-up is open, "Create an account", carrying where the visitor continues. */
  accountLinks?: { forgotPasswordHref: string; signUpHref?: string }
  /** The offer of a mailed sign-in link (when the throttle holds the sign-in back): where it posts, and its hidden fields. */
  signInLink?: { action: string; hidden: Record<string, string> }
  locale: Locale
  /** The deployment's product name. */
  product: string
  /** The passkey sign-in: where its form posts, with its hidden fields (the page then loads the ceremony script). */
  passkey?: PasskeySignIn
}

/**
 * The login page's body.
 *
 * @example
 * htmlPage(c, 200, 'Sign in', loginPage({ heading: 'Sign in to svc', action: '/login', hidden: { csrf }, locale: 'en', product: 'svc' }))
 */
export function loginPage({
  heading,
  action,
  hidden,
  loginHint,
  error,
  external = [],
  accountLinks,
  resendConfirmation,
  signInLink,
  locale,
  product,
  passkey,
}: LoginPageModel): Html {
  const t = pageStrings(locale, product)
  return html`<h1>${heading}</h1>
${error ? html`<p class="error" role="alert">${error}</p>` : ''}${
    resendConfirmation
      ? html`\n<form method="post" action="${resendConfirmation.action}">
${hiddenFields(resendConfirmation.hidden)}
  <div class="actions"><button type="submit">${t.sendConfirmationAgain}</button></div>
</form>`
      : ''
  }
${
  signInLink
    ? html`<form method="post" action="${signInLink.action}">
  <p>${t.signInLinkOffer}</p>
${hiddenFields(signInLink.hidden)}
  <div class="actions"><button type="submit">${t.emailMeSignInLink}</button></div>
</form>\n`
    : ''
}<form method="post" action="${action}">
${hiddenFields(hidden)}
  <label for="email">${t.email}</label>
  <input id="email" name="email" type="email" autocomplete="${passkey ? 'username webauthn' : 'username'}" required value="${loginHint ?? ''}"${loginHint ? '' : html` autofocus`}>
  <label for="password">${t.password}</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${loginHint ? html` autofocus` : ''}>
  <div class="actions"><button class="primary" type="submit">${t.signIn}</button></div>
</form>${passkey ? html`\n${passkeySignInForm(passkey, locale)}` : ''}${
    accountLinks
      ? html`\n<p><a href="${accountLinks.forgotPasswordHref}">${t.forgotPassword}</a></p>${
          accountLinks.signUpHref ? html`\n<p>${t.newHere} <a href="${accountLinks.signUpHref}">${t.createAnAccount}</a></p>` : ''
        }`
      : ''
  }${
    external.length
      ? html`\n<p>${t.orLinked}</p>\n<ul>${external.map(
          (provider) => html`<li><a href="${provider.href}">${fill(t.signInWith, { provider: provider.name })}</a></li>`,
        )}</ul>`
      : ''
  }`
}
