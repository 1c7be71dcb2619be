/**
 * @module One labelled input of svc's account pages, with its hint and
 * its error written beside it in plain words (tied to the input by
 * `aria-describedby`, marked `aria-invalid`), as GOV.UK's error pattern.
 */
import { type Html, html, joinHtml } from '../../http/html.js'

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
