/**
 * @module `<svc-console-ad-schedule>`: the ad editor's Schedule fieldset,
 * when the ad starts and ends being served (entered and shown in the
 * browser's time zone, named beside them, and handed on as UTC) and its
 * weight in random draws.
 */
import { html, LitElement, type TemplateResult } from 'lit'
import { field } from '../console-field.js'
import { consoleStyles } from '../console-styles.js'
import { browserTimeZone, localInputValue, utcOfLocalInput } from '../../../shared/local-date-time.js'

/** What the fieldset edits: the window in UTC and the weight as typed. */
export interface AdScheduleFields {
  starts: string | null
  ends: string | null
  weight: string
}

/**
 * The schedule and weight of an ad in the editor.
 *
 * @summary `<svc-console-ad-schedule .value=${{ starts, ends, weight }} .errors=${errors} @svc-console-schedule-change=…>`
 * @event svc-console-schedule-change - `detail` is the new {@link AdScheduleFields}, the times in UTC
 */
export class SvcConsoleAdSchedule extends LitElement {
  static override styles = consoleStyles
  static override properties = { value: { attribute: false }, errors: { attribute: false } }

  declare value: AdScheduleFields
  /** The server's refusals of `starts`, `ends` and `weight`, in the form's words. */
  declare errors: Record<string, string>

  constructor() {
    super()
    this.value = { starts: null, ends: null, weight: '10' }
    this.errors = {}
  }

  /** The editor focuses the first refused field; inside, that is the first refused input. */
  override focus(): void {
    const inputs = [...this.renderRoot.querySelectorAll<HTMLInputElement>('input')]
    ;(inputs.find((input) => input.getAttribute('aria-invalid') === 'true') ?? inputs[0])?.focus()
  }

  private change(changes: Partial<AdScheduleFields>): void {
    const detail = { ...this.value, ...changes }
    this.dispatchEvent(new CustomEvent('svc-console-schedule-change', { detail, bubbles: true, composed: true }))
  }

  private moment(name: 'starts' | 'ends', label: string, hint: string, zone: string): TemplateResult {
    const value = localInputValue(this.value[name])
    return field(
      { id: name, label: `${label} (${zone})`, hint, error: this.errors[name] },
      (a) =>
        html`<input
          id=${a.id}
          name=${name}
          type="datetime-local"
          step=${value.length > 16 ? 'any' : '60'}
          .value=${value}
          aria-invalid=${a.invalid}
          aria-describedby=${a.describedBy}
          @change=${(event: Event) => this.change({ [name]: utcOfLocalInput((event.target as HTMLInputElement).value) })}
        />`,
    )
  }

  override render(): TemplateResult {
    const zone = browserTimeZone()
    return html`<fieldset class="field">
      <legend>Schedule</legend>
      ${this.moment('starts', 'Starts', 'Empty: served as soon as it is published.', zone)}
      ${this.moment('ends', 'Ends', 'Empty: served until unpublished. Not served from this moment on.', zone)}
      ${field(
        {
          id: 'weight',
          label: 'Weight',
          hint: '1 to 100 (10 if unsure): in random order, an ad of weight 20 comes up twice as often as one of 10.',
          error: this.errors.weight,
        },
        (a) =>
          html`<input
            id=${a.id}
            name="weight"
            type="number"
            inputmode="numeric"
            min="1"
            max="100"
            step="1"
            .value=${this.value.weight}
            aria-invalid=${a.invalid}
            aria-describedby=${a.describedBy}
            @input=${(event: Event) => this.change({ weight: (event.target as HTMLInputElement).value })}
          />`,
      )}
    </fieldset>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-ad-schedule': SvcConsoleAdSchedule
  }
}

if (!customElements.get('svc-console-ad-schedule')) customElements.define('svc-console-ad-schedule', SvcConsoleAdSchedule)
