/**
 * @module One labelled input of svc's account pages, with its hint and
 * its error written beside it in plain words (tied to the input by
 * `aria-describedby`, marked `aria-invalid`), as GOV.UK's error pattern.
 */
import { escapeHtml } from '../../http/html.js'

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
export function formField({ id, label, type, autocomplete, value = '', hint, error, minlength, autofocus }: FormField): string {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return `  <label for="${id}">${escapeHtml(label)}</label>
${hint ? `  <p class="hint" id="${id}-hint">${escapeHtml(hint)}</p>\n` : ''}${error ? `  <p class="error" id="${id}-error">${escapeHtml(error)}</p>\n` : ''}  <input id="${id}" name="${id}" type="${type}" autocomplete="${autocomplete}" required${minlength ? ` minlength="${minlength}"` : ''}${
    type === 'password' ? '' : ` value="${escapeHtml(value)}"`
  }${described ? ` aria-describedby="${described}"` : ''}${error ? ' aria-invalid="true"' : ''}${autofocus ? ' autofocus' : ''}>`
}

/** The hidden fields of a form. */
export const hiddenFields = (hidden: Record<string, string>): string =>
  Object.entries(hidden)
    .map(([name, value]) => `  <input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n')
