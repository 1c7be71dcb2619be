/**
 * @module The passkey part of a sign-in page: a "Sign in with a passkey"
 * button and the form the ceremony script (`/widget/passkey-pages.js`)
 * fills with the browser's answer and posts. Hidden until the script finds
 * a browser that can use passkeys, so nobody sees a button that cannot
 * work. The script also offers the page's passkeys in the e-mail field's
 * autofill (conditional mediation), which is why that field says
 * `autocomplete="username webauthn"`.
 */
import { type Html, html } from '../../http/html.js'
import type { Locale } from '../../i18n/locale.js'
import { passkeyWords } from '../../i18n/passkey-words.js'
import { hiddenFields } from '../../pages/form-field.js'

/** The ceremony script's stable address (built by `npm run build`, served by widget-assets.ts). */
export const PASSKEY_SIGN_IN_SCRIPT = '/widget/passkey-pages.js'
/** Where the script asks for a challenge. */
export const SIGN_IN_OPTIONS_PATH = '/oidc/passkey/sign-in-options'

export interface PasskeySignIn {
  /** Where the filled form posts. */
  action: string
  hidden: Record<string, string>
}

/**
 * The passkey form of a sign-in page.
 *
 * @example
 * html`${passwordForm}${passkeySignInForm({ action: '/oidc/authorize/passkey', hidden: { csrf } }, 'en')}`
 */
export function passkeySignInForm({ action, hidden }: PasskeySignIn, locale: Locale): Html {
  const t = passkeyWords(locale)
  return html`<form method="post" action="${action}" class="passkey-sign-in" data-options="${SIGN_IN_OPTIONS_PATH}" data-cancelled="${t.passkeyCancelled}" hidden>
${hiddenFields(hidden)}
  <input type="hidden" name="credential" value="">
  <p>${t.orPasskey}</p>
  <div class="actions"><button type="button" class="passkey-start">${t.signInWithPasskey}</button></div>
  <p class="error passkey-error" role="alert" hidden></p>
</form>`
}
