/**
 * @module The console's one form field: a label, the control, an optional
 * hint and the field's refusal, tied together with `aria-invalid` and
 * `aria-describedby` so a screen reader reads the hint and the error with
 * the control, and a test finds the control by its label.
 */
import { html, nothing, type TemplateResult } from 'lit'

/** What the control must carry: `id=${a.id} aria-invalid=${a.invalid} aria-describedby=${a.describedBy}`. */
export interface FieldAria {
  id: string
  invalid: 'true' | 'false'
  describedBy: string | typeof nothing
}

export interface FieldOptions {
  /** The control's id; the hint and the error are `${id}-hint` and `${id}-error`. */
  id: string
  label: string
  hint?: string
  /** The server's message for this field, if it refused it. */
  error?: string | undefined
  /** A checkbox: the label wraps the control, which comes first. */
  check?: boolean
}

/**
 * One labelled field; `control` renders the input, select or textarea with the given attributes.
 *
 * @example
 * field({ id: 'origins', label: 'Allowed origins', hint: 'Separated by spaces.', error: errors.origins }, (a) =>
 *   html`<input id=${a.id} name="origins" aria-invalid=${a.invalid} aria-describedby=${a.describedBy} />`)
 */
export function field(
  { id, label, hint, error, check = false }: FieldOptions,
  control: (aria: FieldAria) => TemplateResult,
): TemplateResult {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  const aria: FieldAria = { id, invalid: error ? 'true' : 'false', describedBy: describedBy || nothing }
  return html`<div class="field">
    ${check ? html`<label class="check">${control(aria)} ${label}</label>` : html`<label for=${id}>${label}</label> ${control(aria)}`}
    ${hint ? html`<div class="hint" id="${id}-hint">${hint}</div>` : nothing}
    ${error ? html`<div class="error" id="${id}-error">${error}</div>` : nothing}
  </div>`
}
