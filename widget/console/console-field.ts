/**
 * @module The console's one form field: a label, the control, an optional
 * hint and the field's refusal, tied together with `aria-invalid` and
 * `aria-describedby` so a screen reader reads the hint and the error with
 * the control, and a test finds the control by its label.
 */
import { html, nothing, type TemplateResult } from 'lit'
import { inFieldWords } from './console-words.js'

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
  /**
   * The API's names for the field (`redirect_uri`) that start its
   * refusals, and the words to show instead (`Redirect URI`); without
   * them the refusal is shown as the server words it.
   */
  say?: { apiNames: readonly string[]; words: string }
  /**
   * A field the server limits in length: the control carries
   * `maxlength=${max}`, and a counter under it ("143 / 200") says how much
   * is used, so the limit shows while typing rather than after saving;
   * `words` are what a screen reader hears, for a page in another
   * language: the unit after the count, and the announcement near the
   * limit with `{length}` and `{max}`.
   */
  limit?: { max: number; length: number; words?: { unit: string; count: string } }
}

/** From this share of a limit on, the count is announced as it changes (politely), not only shown. */
const NEAR_THE_LIMIT = 0.9

/**
 * One labelled field; `control` renders the input, select or textarea with the given attributes.
 *
 * @example
 * field({ id: 'origins', label: 'Allowed origins', hint: 'Separated by spaces.', error: errors.origins }, (a) =>
 *   html`<input id=${a.id} name="origins" aria-invalid=${a.invalid} aria-describedby=${a.describedBy} />`)
 */
export function field(
  { id, label, hint, error: refusal, check = false, say, limit }: FieldOptions,
  control: (aria: FieldAria) => TemplateResult,
): TemplateResult {
  const error = refusal && say ? inFieldWords(refusal, say.apiNames, say.words) : refusal
  const describedBy = [hint ? `${id}-hint` : '', limit ? `${id}-count` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  const aria: FieldAria = { id, invalid: error ? 'true' : 'false', describedBy: describedBy || nothing }
  return html`<div class="field">
    ${check ? html`<label class="check">${control(aria)} ${label}</label>` : html`<label for=${id}>${label}</label> ${control(aria)}`}
    ${hint ? html`<div class="hint" id="${id}-hint">${hint}</div>` : nothing} ${limit ? lengthCounter(id, limit) : nothing}
    ${error ? html`<div class="error" id="${id}-error">${error}</div>` : nothing}
  </div>`
}

/**
 * "143 / 200" under a limited field, read with the control; a screen
 * reader hears it change only near the limit, so typing a short title is
 * not interrupted at every key.
 */
export function lengthCounter(
  id: string,
  { max, length, words = { unit: 'characters', count: '{length} of {max} characters' } }: NonNullable<FieldOptions['limit']>,
): TemplateResult {
  const near = length >= max * NEAR_THE_LIMIT
  const announced = words.count.replace('{length}', String(length)).replace('{max}', String(max))
  return html`<div class="counter ${near ? 'near' : ''}" id="${id}-count">
      ${length} / ${max}<span class="visually-hidden"> ${words.unit}</span>
    </div>
    <div class="visually-hidden" aria-live="polite">${near ? announced : ''}</div>`
}

/**
 * The alert above a form whose refusal is beside its fields: how many to fix.
 *
 * @example
 * this.clients.alert(fieldsSummary(this.clients.errors)) // 'Fix the 2 fields marked below.'
 */
export function fieldsSummary(errors: Record<string, string>): string {
  const count = Object.keys(errors).length
  return count === 1 ? 'Fix the field marked below.' : `Fix the ${count} fields marked below.`
}
