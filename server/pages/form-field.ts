/**
 * @module One labelled input of svc's account pages, with its hint and
 * its error written beside it in plain words (tied to the input by
 * `aria-describedby`, marked `aria-invalid`), as GOV.UK's error pattern.
 */
import { PASSWORD_MIN_LENGTH } from '../accounts/password-policy.js'
import { type Html, html, joinHtml } from '../http/html.js'
import { fill } from '../i18n/pages.js'

export interface FormField {
  id: string
  label: string
  type: 'text' | 'email' | 'password'
  autocomplete: string
  value?: string
  hint?: string
  error?: string
  minlength?: number
  autofocus?: boolean
}

/**
 * The field's label, hint, error and input.
 *
 * @example
 * formField({ id: 'email', label: 'Email', type: 'email', autocomplete: 'email', error: 'Enter your e-mail address.' })
 */
export function formField({ id, label, type, autocomplete, value = '', hint, error, minlength, autofocus }: FormField): Html {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return html`  <label for="${id}">${label}</label>
${hint ? html`  <p class="hint" id="${id}-hint">${hint}</p>\n` : ''}${error ? html`  <p class="error" id="${id}-error">${error}</p>\n` : ''}  <input id="${id}" name="${id}" type="${type}" autocomplete="${autocomplete}" required${minlength ? html` minlength="${minlength}"` : ''}${
    type === 'password' ? '' : html` value="${value}"`
  }${described ? html` aria-describedby="${described}"` : ''}${error ? html` aria-invalid="true"` : ''}${autofocus ? html` autofocus` : ''}>`
}

/** The hidden fields of a form. */
export const hiddenFields = (hidden: Record<string, string>): Html =>
  joinHtml(
    Object.entries(hidden).map(([name, value]) => html`  <input type="hidden" name="${name}" value="${value}">`),
    '\n',
  )

/** The words the new-account fields are labelled with, in the page's language. */
export interface NewAccountWords {
  name: string
  email: string
  password: string
  passwordHint: string
}

/**
 * The name, e-mail and password fields of a new account (the sign-up page,
 * the first operator's setup page), the first refused one focused.
 *
 * @example
 * newAccountFields(pageStrings('en', product), values, errors)
 */
export function newAccountFields(
  words: NewAccountWords,
  values: { name?: string | undefined; email?: string | undefined },
  errors: { name?: string | undefined; email?: string | undefined; password?: string | undefined },
): Html {
  const first = (['name', 'email', 'password'] as const).find((field) => errors[field]) ?? 'name'
  return html`${formField({ id: 'name', label: words.name, type: 'text', autocomplete: 'name', value: values.name, error: errors.name, autofocus: first === 'name' })}
${formField({ id: 'email', label: words.email, type: 'email', autocomplete: 'email', value: values.email, error: errors.email, autofocus: first === 'email' })}
${formField({
  id: 'password',
  label: words.password,
  type: 'password',
  autocomplete: 'new-password',
  hint: fill(words.passwordHint, { min: PASSWORD_MIN_LENGTH }),
  error: errors.password,
  minlength: PASSWORD_MIN_LENGTH,
  autofocus: first === 'password',
})}`
}
