/**
 * @module The bodies of the password-reset pages: "Forgot password?"
 * (an `Email` field and `Send reset link`), the new-password form
 * (`Password`, `Set new password`), and the page for a mailed link that
 * expired, was used or was never ours, with the way to get a new one.
 */
import { escapeHtml } from '../../http/html.js'
import { PASSWORD_MIN_LENGTH } from '../../accounts/password-policy.js'
import { formField, hiddenFields } from './form-field.js'

/**
 * The "Forgot password?" form.
 *
 * @example
 * forgotPasswordPage({ hidden: { csrf }, signInHref: '/login' })
 */
export function forgotPasswordPage({
  hidden,
  email,
  error,
  problem,
  signInHref,
}: {
  hidden: Record<string, string>
  email?: string
  error?: string
  problem?: string
  signInHref: string
}): string {
  return `<h1>Reset your password</h1>
${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>\n` : ''}<p>Enter the e-mail address of your account and we will mail you a link to set a new password.</p>
<form method="post" action="/forgot-password" novalidate>
${hiddenFields(hidden)}
${formField({ id: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: email, error, autofocus: true })}
  <div class="actions"><button class="primary" type="submit">Send reset link</button></div>
</form>
<p><a href="${escapeHtml(signInHref)}">Back to sign in</a></p>`
}

/** What the new-password form says and where it posts: a reset link's, or an invitation's. */
export interface NewPasswordWording {
  heading: string
  note: string
  button: string
  action: string
}

export const RESET_WORDING: NewPasswordWording = {
  heading: 'Set a new password',
  note: 'Setting it signs you out everywhere else.',
  button: 'Set new password',
  action: '/reset-password',
}

export const INVITATION_WORDING: NewPasswordWording = {
  heading: 'Choose your password',
  note: 'Choosing it confirms your e-mail address and signs you in.',
  button: 'Set password',
  action: '/accept-invitation',
}

/**
 * The new-password form a reset (or invitation) link opens.
 *
 * @example
 * newPasswordPage({ hidden: { csrf, token }, email: user.email })
 */
export function newPasswordPage({
  hidden,
  email,
  error,
  problem,
  wording = RESET_WORDING,
}: {
  hidden: Record<string, string>
  email: string
  error?: string
  problem?: string
  wording?: NewPasswordWording
}): string {
  return `<h1>${escapeHtml(wording.heading)}</h1>
${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>\n` : ''}<p>For ${escapeHtml(email)}. ${escapeHtml(wording.note)}</p>
<form method="post" action="${escapeHtml(wording.action)}" novalidate>
${hiddenFields(hidden)}
  <input type="email" name="username" autocomplete="username" value="${escapeHtml(email)}" hidden>
${formField({
  id: 'password',
  label: 'Password',
  type: 'password',
  autocomplete: 'new-password',
  hint: `At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words are strong and easy to remember.`,
  error,
  minlength: PASSWORD_MIN_LENGTH,
  autofocus: true,
})}
  <div class="actions"><button class="primary" type="submit">${escapeHtml(wording.button)}</button></div>
</form>`
}

/**
 * A mailed link that cannot be used any more, and where to get a new one.
 *
 * @example
 * linkExpiredPage('/forgot-password', 'Send a new link')
 */
export function linkExpiredPage(newLinkHref: string, newLinkText: string, explanation: string): string {
  return `<h1>This link has expired</h1>
<p role="status">The link was already used, is older than it may be, or was copied incompletely. ${escapeHtml(explanation)}</p>
<p><a href="${escapeHtml(newLinkHref)}">${escapeHtml(newLinkText)}</a></p>`
}

/**
 * The page a verification link opens: one button, so that mail scanners
 * which open links do not use it up (nor get signed in).
 *
 * @example
 * confirmEmailPage({ csrf, token }, 'ada@example.com')
 */
export function confirmEmailPage(hidden: Record<string, string>, email: string, change = false): string {
  const purpose = change ? "to make it your account's address and sign in" : 'to finish creating your account and sign in'
  return `<h1>Confirm your e-mail address</h1>
<p>Confirm that ${escapeHtml(email)} is yours ${purpose}.</p>
<form method="post" action="/verify-email">
${hiddenFields(hidden)}
  <div class="actions"><button class="primary" type="submit">Confirm and sign in</button></div>
</form>`
}
