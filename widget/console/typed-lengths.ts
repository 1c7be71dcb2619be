/**
 * @module How much each limited field of a page holds, for its counter
 * ("143 / 200", see `field`'s `limit`), in forms that keep what is typed
 * in the fields themselves rather than in the page's state. A field counts
 * the value it was rendered with until someone types in it, then what it
 * holds; a form's reset (after a save) counts its fields' values again.
 * A list of addresses, one a line (a textarea marked `data-line-max`), is
 * followed too: its text, for the page to check each line as it is typed.
 */
import type { LitElement, ReactiveController } from 'lit'

/**
 * The lengths of a page's limited fields (those with a `maxlength`).
 *
 * @example
 * private readonly lengths = new TypedLengths(this)
 * // render: field({ id: 'name', label: 'Name', limit: { max: 200, length: this.lengths.of('name', org.name) } }, …)
 */
export class TypedLengths implements ReactiveController {
  /** What was typed in each field (by id), and the value the field was rendered with when it was. */
  private readonly typed = new Map<string, { from: string; value: string }>()
  private readonly rendered = new Map<string, string>()
  private listening = false

  constructor(private readonly host: LitElement) {
    host.addController(this)
  }

  /**
   * The length to show for field `id` rendered with `value`: what it holds
   * once typed in, else `value`'s (another value rendered there, such as
   * the next item edited in the same form, starts from its own).
   */
  of(id: string, value: string): number {
    return this.text(id, value).length
  }

  /**
   * What field `id` rendered with `value` holds: what was typed in it, else `value`.
   *
   * @example
   * longAddress(this.lengths.text('redirect_uris', client.redirect_uris.join('\n')), CLIENT_URI_MAX)
   */
  text(id: string, value: string): string {
    this.rendered.set(id, value)
    const typed = this.typed.get(id)
    return typed && typed.from === value ? typed.value : value
  }

  hostUpdated(): void {
    if (this.listening) return
    this.listening = true
    const root = this.host.renderRoot
    root.addEventListener('input', (event) => {
      const control = event.target
      if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) || !control.id) return
      if (control.maxLength < 0 && !control.dataset.lineMax) return
      this.typed.set(control.id, { from: this.rendered.get(control.id) ?? '', value: control.value })
      this.host.requestUpdate()
    })
    // A reset happens after its event: the fields are counted again once their values are back.
    root.addEventListener('reset', (event) => {
      const form = event.target
      if (!(form instanceof HTMLFormElement)) return
      for (const control of Array.from(form.elements)) if (control.id) this.typed.delete(control.id)
      setTimeout(() => this.host.requestUpdate())
    })
  }
}
