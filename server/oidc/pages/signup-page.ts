/**
 * @module The sign-up page's body: labelled `Name`, `Email` and
 * `Password` fields with errors beside them, a `Create account` button,
 * a live hint on the password's length, and a way back to signing in.
 */
import { type Html, html } from '../../http/html.js'
import type { SignUpErrors, SignUpForm } from '../../account-changes/signup.js'
import { PASSWORD_MIN_LENGTH } from '../../accounts/password-policy.js'
import { hiddenFields, newAccountFields } from '../../pages/form-field.js'
import type { Locale } from '../../i18n/locale.js'
import { pageStrings } from '../../i18n/pages.js'
import { passkeyWords } from '../../i18n/passkey-words.js'

export interface SignUpPageModel {
  hidden: Record<string, string>
  values?: Partial<SignUpForm>
  errors?: SignUpErrors
  /** A refusal of the whole form (throttled, busy, expired). */
  problem?: string
  /** Where "Sign in instead" goes. */
  signInHref: string
  locale: Locale
  /** The deployment's product name. */
  product: string
}

/**
 * The inline script of the page, in `locale`: says how many characters
 * the password still needs as it is typed (the server checks again).
 */
export function passwordLengthHintScript(locale: Locale, product: string): string {
  const t = pageStrings(locale, product)
  const words = JSON.stringify([t.oneMoreCharacter, t.moreCharacters, t.longEnough]).replace(/</g, '\\u003c')
  return `(function(){var w=${words},p=document.getElementById('password'),h=document.getElementById('password-hint');if(!p||!h)return;h.setAttribute('aria-live','polite');var t=h.textContent;p.addEventListener('input',function(){var n=Array.from(p.value).length,m=${PASSWORD_MIN_LENGTH}-n;h.textContent=n===0?t:m>0?m+' '+(m===1?w[0]:w[1]):w[2]})})()`
}

/**
 * The sign-up form.
 *
 * @example
 * htmlPage(c, 200, 'Create an account', signUpPage({ hidden: { csrf }, signInHref: '/login', locale, product }), { script: passwordLengthHintScript(locale, product) })
 */
export function signUpPage({ hidden, values = {}, errors = {}, problem, signInHref, locale, product }: SignUpPageModel): Html {
  const t = pageStrings(locale, product)
  return html`<h1>${t.createAnAccount}</h1>
${problem ? html`<p class="error" role="alert">${problem}</p>\n` : ''}<form method="post" action="/signup" id="signup" novalidate>
  <input type="hidden" name="credential" value="">
${hiddenFields(hidden)}
${newAccountFields(t, values, errors)}
  <div class="actions"><button class="primary" type="submit">${t.createAccount}</button></div>
</form>
${passkeySignUpForm(locale)}
<p>${t.alreadyHaveAccount} <a href="${signInHref}">${t.signIn}</a></p>`
}

/** "Create the account with a passkey": shown by the ceremony script (`passkey-pages.js`) in a browser that can make one. */
function passkeySignUpForm(locale: Locale): Html {
  const t = passkeyWords(locale)
  return html`<form class="passkey-sign-up" data-for="#signup" data-options="/oidc/passkey/sign-up-options" data-cancelled="${t.passkeyCancelled}" hidden>
  <p>${t.orPasskey}</p>
  <div class="actions"><button type="button" class="passkey-start">${t.signUpWithPasskey}</button></div>
  <p class="hint">${t.signUpPasskeyHint}</p>
  <p class="error passkey-error" role="alert" hidden></p>
</form>`
}
