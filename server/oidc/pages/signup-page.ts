/**
 * @module The sign-up page's body: labelled `Name`, `Email` and
 * `Password` fields with errors beside them, a `Create account` button,
 * a live hint on the password's length, and a way back to signing in.
 */
import { escapeHtml } from '../../http/html.js'
import type { SignUpErrors, SignUpForm } from '../../accounts/signup.js'
import { PASSWORD_MIN_LENGTH } from '../../accounts/password-policy.js'
import { formField, hiddenFields } from './form-field.js'

export interface SignUpPageModel {
  hidden: Record<string, string>
  values?: Partial<SignUpForm>
  errors?: SignUpErrors
  /** A refusal of the whole form (throttled, busy, expired). */
  problem?: string
  /** Where "Sign in instead" goes. */
  signInHref: string
}

const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words are strong and easy to remember.`

/**
 * The inline script of the page: says how many characters the password
 * still needs as it is typed (the server checks again).
 */
export const PASSWORD_LENGTH_HINT_SCRIPT = `(function(){var p=document.getElementById('password'),h=document.getElementById('password-hint');if(!p||!h)return;h.setAttribute('aria-live','polite');var t=h.textContent;p.addEventListener('input',function(){var n=Array.from(p.value).length,m=${PASSWORD_MIN_LENGTH}-n;h.textContent=n===0?t:m>0?m+(m===1?' more character needed.':' more characters needed.'):'Long enough.'})})()`

/**
 * The sign-up form.
 *
 * @example
 * htmlPage(c, 200, 'Create an account', signUpPage({ hidden: { csrf }, signInHref: '/login' }), { script: PASSWORD_LENGTH_HINT_SCRIPT })
 */
export function signUpPage({ hidden, values = {}, errors = {}, problem, signInHref }: SignUpPageModel): string {
  const first = (['name', 'email', 'password'] as const).find((field) => errors[field]) ?? 'name'
  return `<h1>Create an account</h1>
${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>\n` : ''}<form method="post" action="/signup" novalidate>
${hiddenFields(hidden)}
${formField({ id: 'name', label: 'Name', type: 'text', autocomplete: 'name', value: values.name, error: errors.name, autofocus: first === 'name' })}
${formField({ id: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: values.email, error: errors.email, autofocus: first === 'email' })}
${formField({
  id: 'password',
  label: 'Password',
  type: 'password',
  autocomplete: 'new-password',
  hint: PASSWORD_HINT,
  error: errors.password,
  minlength: PASSWORD_MIN_LENGTH,
  autofocus: first === 'password',
})}
  <div class="actions"><button class="primary" type="submit">Create account</button></div>
</form>
<p>Already have an account? <a href="${escapeHtml(signInHref)}">Sign in</a></p>`
}
