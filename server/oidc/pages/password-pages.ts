/**
 * @module The bodies of the password-reset pages: "Forgot password?"
 * (an `Email` field and `Send reset link`), the new-password form
 * (`Password`, `Set new password`), and the page for a mailed link that
 * expired, was used or was never ours, each said as it is, with the way on;
 * also the one-button pages mailed links open (confirm an address, sign in).
 */
import { type Html, html } from '../../http/html.js'
import { PASSWORD_MIN_LENGTH } from '../../accounts/password-policy.js'
import { formField, hiddenFields } from '../../pages/form-field.js'
import type { Locale } from '../../i18n/locale.js'
import { fill, type PageStrings, pageStrings } from '../../i18n/pages.js'
import type { AccountTokenPurpose, AccountTokenState } from '../../accounts/account-tokens.js'

/**
 * The "Forgot password?" form.
 *
 * @example
 * forgotPasswordPage({ hidden: { csrf }, signInHref: '/login', locale: 'de', product: 'svc' })
 */
export function forgotPasswordPage({
  hidden,
  email,
  error,
  problem,
  signInHref,
  locale,
  product,
}: {
  hidden: Record<string, string>
  email?: string
  error?: string
  problem?: string
  signInHref: string
  locale: Locale
  /** The deployment's product name. */
  product: string
}): Html {
  const t = pageStrings(locale, product)
  return html`<h1>${t.resetYourPassword}</h1>
${problem ? html`<p class="error" role="alert">${problem}</p>\n` : ''}<p>${t.resetIntro}</p>
<form method="post" action="/forgot-password" novalidate>
${hiddenFields(hidden)}
${formField({ id: 'email', label: t.email, type: 'email', autocomplete: 'email', value: email, error, autofocus: true })}
  <div class="actions"><button class="primary" type="submit">${t.sendResetLink}</button></div>
</form>
<p><a href="${signInHref}">${t.backToSignIn}</a></p>`
}

/** What the new-password form says (keys of the page strings) and where it posts: a reset link's, or an invitation's. */
export interface NewPasswordWording {
  heading: 'setNewPasswordHeading' | 'choosePasswordHeading'
  note: 'setNewPasswordNote' | 'choosePasswordNote'
  button: 'setNewPasswordButton' | 'choosePasswordButton'
  action: string
}

export const RESET_WORDING: NewPasswordWording = {
  heading: 'setNewPasswordHeading',
  note: 'setNewPasswordNote',
  button: 'setNewPasswordButton',
  action: '/reset-password',
}

export const INVITATION_WORDING: NewPasswordWording = {
  heading: 'choosePasswordHeading',
  note: 'choosePasswordNote',
  button: 'choosePasswordButton',
  action: '/accept-invitation',
}

/**
 * The new-password form a reset (or invitation) link opens.
 *
 * @example
 * newPasswordPage({ hidden: { csrf, token }, email: user.email, locale, product: 'svc' })
 */
export function newPasswordPage({
  hidden,
  email,
  error,
  problem,
  wording = RESET_WORDING,
  locale,
  product,
}: {
  hidden: Record<string, string>
  email: string
  error?: string
  problem?: string
  wording?: NewPasswordWording
  locale: Locale
  /** The deployment's product name. */
  product: string
}): Html {
  const t = pageStrings(locale, product)
  return html`<h1>${t[wording.heading]}</h1>
${problem ? html`<p class="error" role="alert">${problem}</p>\n` : ''}<p>${fill(t.forEmail, { email })} ${t[wording.note]}</p>
<form method="post" action="${wording.action}" novalidate>
${hiddenFields(hidden)}
  <input type="email" name="username" autocomplete="username" value="${email}" hidden>
${formField({
  id: 'password',
  label: t.password,
  type: 'password',
  autocomplete: 'new-password',
  hint: fill(t.passwordHint, { min: PASSWORD_MIN_LENGTH }),
  error,
  minlength: PASSWORD_MIN_LENGTH,
  autofocus: true,
})}
  <div class="actions"><button class="primary" type="submit">${t[wording.button]}</button></div>
</form>`
}

/** What a mailed link's page may find: used, past its time, or never ours (withdrawn, replaced, mistyped). */
export type DeadLinkState = Exclude<AccountTokenState, 'usable'>

/** For each kind of mailed link: what its "expired" page adds, where a new one comes from, and what a used one says and leads to. */
const DEAD_LINK: Record<
  AccountTokenPurpose,
  {
    note: keyof PageStrings
    newLink: [path: string, text: keyof PageStrings]
    used: { heading: keyof PageStrings; text: keyof PageStrings; next: [path: string, text: keyof PageStrings] }
  }
> = {
  // A used invitation has an account behind it with a password chosen: the console (through sign-in) is the way on.
  invitation: {
    note: 'invitationExpiredNote',
    newLink: ['/forgot-password', 'sendNewLink'],
    used: { heading: 'invitationAcceptedHeading', text: 'invitationAccepted', next: ['/console', 'openTheConsole'] },
  },
  reset_password: {
    note: 'resetExpiredNote',
    newLink: ['/forgot-password', 'sendNewLink'],
    used: { heading: 'linkUsedHeading', text: 'resetLinkUsed', next: ['/login', 'signIn'] },
  },
  verify_email: {
    note: 'verifyExpiredNote',
    newLink: ['/forgot-password', 'mailSetPasswordLink'],
    used: { heading: 'linkUsedHeading', text: 'emailAlreadyConfirmed', next: ['/login', 'signIn'] },
  },
  sign_in_link: {
    note: 'signInLinkExpiredNote',
    newLink: ['/login', 'backToSignIn'],
    used: { heading: 'linkUsedHeading', text: 'signInLinkUsed', next: ['/login', 'signIn'] },
  },
}

/**
 * The page of a mailed link that cannot be used (any more), saying which
 * of the three it is (a used invitation is "already accepted", not
 * "expired") and the way on; `href` adds the page's language to a path.
 *
 * @example
 * const { title, body } = deadLinkPage('invitation', 'used', (path) => path, 'en', 'svc')
 */
export function deadLinkPage(
  purpose: AccountTokenPurpose,
  state: DeadLinkState,
  href: (path: string) => string,
  locale: Locale,
  product: string,
): { title: string; body: Html } {
  const t = pageStrings(locale, product)
  const kind = DEAD_LINK[purpose]
  const link = ([path, text]: [string, keyof PageStrings]) => html`<p><a href="${href(path)}">${t[text]}</a></p>`
  if (state === 'used') {
    return {
      title: purpose === 'invitation' ? t.invitationAcceptedHeading : t.linkUsedTitle,
      body: html`<h1>${t[kind.used.heading]}</h1>
<p role="status">${t[kind.used.text]}</p>
${link(kind.used.next)}`,
    }
  }
  const [title, heading, lead] =
    state === 'expired'
      ? [t.linkExpiredTitle, t.linkExpiredHeading, t.linkExpired]
      : [t.linkUnknownTitle, t.linkUnknownHeading, t.linkUnknown]
  return {
    title,
    body: html`<h1>${heading}</h1>
<p role="status">${lead} ${t[kind.note]}</p>
${link(kind.newLink)}`,
  }
}

/**
 * The page a verification link opens: one button, so that mail scanners
 * which open links do not use it up (nor get signed in).
 *
 * @example
 * confirmEmailPage({ csrf, token }, 'ada@example.com', false, 'en', 'svc')
 */
export function confirmEmailPage(
  hidden: Record<string, string>,
  email: string,
  change: boolean,
  locale: Locale,
  product: string,
  error?: string,
): Html {
  const t = pageStrings(locale, product)
  // A change joins the address to an existing account: only that account's password may say so (see verify-email-endpoint.ts).
  const password = change
    ? html`<p>${t.confirmChangeWithPassword}</p>
${formField({ id: 'password', label: t.password, type: 'password', autocomplete: 'current-password', error, autofocus: true })}
`
    : ''
  return html`<h1>${t.confirmEmailHeading}</h1>
<p>${fill(change ? t.confirmChangedEmail : t.confirmNewAccount, { email })}</p>
<form method="post" action="/verify-email">
${hiddenFields(hidden)}
${password}  <div class="actions"><button class="primary" type="submit">${t.confirmAndSignIn}</button></div>
</form>`
}

/**
 * The page a sign-in link opens: one `Sign in` button, so that mail
 * scanners which open links do not use it up (nor get signed in).
 *
 * @example
 * signInLinkPage({ csrf, token }, 'ada@example.com', 'en', 'svc')
 */
export function signInLinkPage(hidden: Record<string, string>, email: string, locale: Locale, product: string): Html {
  const t = pageStrings(locale, product)
  return html`<h1>${t.signInLinkHeading}</h1>
<p>${fill(t.signInLinkIntro, { email })}</p>
<form method="post" action="/sign-in-link">
${hiddenFields(hidden)}
  <div class="actions"><button class="primary" type="submit">${t.signIn}</button></div>
</form>`
}
