/**
 * @module `<svc-console-slot-picker>`: the ad's slot, chosen from the slots
 * the organisation's ads already use (so a typo cannot quietly make a new
 * slot), or named anew only after choosing "New slot…"; with the embed
 * snippet that shows the chosen slot on a partner page, and a copy button.
 */
import { AD_TEXT_MAX } from '../../../shared/ad-limits.js'
import { css, html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit'
import type { ConsoleSlotList } from '../../../shared/console-wire.js'
import { slugOfSlot } from '../../../shared/slug.js'
import { consoleApi } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { field } from '../console-field.js'
import { consoleStyles } from '../console-styles.js'

const NEW_SLOT = 'new-slot…'

/**
 * The slot field of the ad editor.
 *
 * @summary `<svc-console-slot-picker organisation="ORG…" .value=${display} layout="hero" @svc-console-slot-change=${…}>`
 * @event svc-console-slot-change - The author chose or named a slot; `detail` is its name as stored.
 */
export class SvcConsoleSlotPicker extends LitElement {
  static override shadowRootOptions = { ...LitElement.shadowRootOptions, delegatesFocus: true }
  static override styles = [
    consoleStyles,
    css`
      .embed {
        margin: 0 0 1rem;
      }
      .embed pre {
        background: #f6f8fa;
        border: 1px solid #d0d7de;
        border-radius: 6px;
        padding: 0.5rem;
        margin: 0.25rem 0 0.5rem;
        white-space: pre-wrap;
        overflow-wrap: anywhere;
        font-size: 0.85rem;
      }
      .embed p {
        margin: 0;
      }
    `,
  ]
  static override properties = {
    organisation: {},
    value: {},
    layout: {},
    error: {},
    naming: { state: true },
    copied: { state: true },
  }
  /** The organisation whose slots are listed (empty: the signed-in user's own). */
  declare organisation: string
  /** The slot's name as the ad stores it. */
  declare value: string
  /** The layout the snippet asks for (`slider` is the default and is left out). */
  declare layout: string
  declare error: string
  /** The author chose "New slot…" and is typing its name. */
  declare naming: boolean
  declare copied: string
  private readonly slots = new ConsoleDataController(this, async (signal) => {
    const query = this.organisation ? `?organisation=${encodeURIComponent(this.organisation)}` : ''
    return (await consoleApi<ConsoleSlotList>('GET', `/ads/slots${query}`, { signal })).slots
  })

  constructor() {
    super()
    this.organisation = ''
    this.value = ''
    this.layout = 'slider'
    this.error = ''
    this.naming = false
    this.copied = ''
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('organisation')) void this.slots.load()
  }

  protected override updated(): void {
    // Options arrive after the select's own bindings, so its choice is set once they are there.
    const select = this.renderRoot.querySelector<HTMLSelectElement>('#slot')
    if (select && select.value !== this.selectedOption) select.value = this.selectedOption
  }

  private selectedOption = ''

  /** Reads the organisation's slots again (after a save that may have made one), choosing the ad's. */
  refresh(): void {
    this.naming = false
    void this.slots.load()
  }

  private choose(display: string): void {
    this.value = display
    this.copied = ''
    this.dispatchEvent(new CustomEvent('svc-console-slot-change', { detail: display, bubbles: true, composed: true }))
  }

  private onSelect(event: Event): void {
    const slug = (event.target as HTMLSelectElement).value
    if (slug === NEW_SLOT) {
      this.naming = true
      this.choose('')
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLInputElement>('#new-slot')?.focus())
      return
    }
    this.naming = false
    const slot = this.slots.data?.find((candidate) => candidate.slug === slug)
    this.choose(slot?.display ?? '')
  }

  private snippet(slug: string): string {
    const layout = this.layout && this.layout !== 'slider' ? ` layout="${this.layout}"` : ''
    return `<script src="${location.origin}/widget/svc-ads.iife.js"></script>\n<svc-ads display="${slug}"${layout} api-key="YOUR_API_KEY"></svc-ads>`
  }

  private async copy(text: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text)
      this.copied = 'Embed code copied.'
    } catch {
      // Without clipboard access the code is selected for the author to copy.
      const code = this.renderRoot.querySelector('.embed pre')
      if (code) getSelection()?.selectAllChildren(code)
      this.copied = 'Selected: press Ctrl+C (⌘C) to copy.'
    }
  }

  override render(): TemplateResult {
    const slots = this.slots.data
    const chosenSlug = this.value ? slugOfSlot(this.value) : ''
    const listed = slots?.some((slot) => slot.slug === chosenSlug) ?? false
    // A slot not yet used by any ad (being named, or loaded before the list arrives) shows as "New slot…".
    const naming = this.naming || (slots !== undefined && (slots.length === 0 || (chosenSlug !== '' && !listed)))
    const selected = naming ? NEW_SLOT : chosenSlug
    this.selectedOption = selected
    // A failed load says so here too, and offers Try again below: the picker never waits on "Loading" forever.
    const placeholder = slots === undefined ? (this.slots.loading ? 'Loading slots…' : 'Slots could not load') : 'Choose a slot'
    return html`
      ${field(
        {
          id: 'slot',
          label: 'Slot',
          hint: 'Where the ad shows. Pick one your ads use, or make a new one.',
          error: naming ? '' : this.error,
        },
        (a) =>
          html`<select
            id=${a.id}
            aria-invalid=${a.invalid}
            aria-describedby=${a.describedBy}
            ?disabled=${slots === undefined}
            @change=${this.onSelect}
          >
            <option value="" ?selected=${selected === ''} disabled>${placeholder}</option>
            ${(slots ?? []).map(
              (slot) =>
                html`<option value=${slot.slug} ?selected=${selected === slot.slug}>
                  ${slot.display} (${slot.slug}, ${slot.ads} ${slot.ads === 1 ? 'ad' : 'ads'})
                </option>`,
            )}
            <option value=${NEW_SLOT} ?selected=${selected === NEW_SLOT}>New slot…</option>
          </select>`,
      )}
      ${
        naming
          ? field(
              {
                id: 'new-slot',
                label: 'New slot name',
                hint: chosenSlug
                  ? `Pages will ask for it as ${chosenSlug}.`
                  : 'For example Summer Banner; pages ask for it as summer-banner.',
                error: this.error,
                limit: { max: AD_TEXT_MAX.display, length: this.value.length },
              },
              (a) =>
                html`<input
                  id=${a.id}
                  maxlength=${AD_TEXT_MAX.display}
                  .value=${this.value}
                  aria-invalid=${a.invalid}
                  aria-describedby=${a.describedBy}
                  @input=${(event: Event) => this.choose((event.target as HTMLInputElement).value)}
                />`,
            )
          : nothing
      }
      ${slots === undefined ? (this.slots.loading ? nothing : this.slots.view('', () => nothing)) : this.slots.alert()}
      ${
        chosenSlug
          ? html`<div class="embed">
              <p class="hint">To show this slot on a page, paste this where the ads go, with one of your API keys:</p>
              <pre><code>${this.snippet(chosenSlug)}</code></pre>
              <button type="button" @click=${() => void this.copy(this.snippet(chosenSlug))}>Copy embed code</button>
              <span role="status">${this.copied}</span>
            </div>`
          : nothing
      }
    `
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-slot-picker': SvcConsoleSlotPicker
  }
  interface GlobalEventHandlersEventMap {
    'svc-console-slot-change': CustomEvent<string>
  }
}

if (!customElements.get('svc-console-slot-picker')) customElements.define('svc-console-slot-picker', SvcConsoleSlotPicker)
