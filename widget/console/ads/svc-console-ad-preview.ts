/**
 * @module `<svc-console-ad-preview>`: the ad editor's preview, the real
 * `<svc-ads>` fed the ad as the ads API would serve it, in the layout
 * chosen (slider, hero, stories) and, when asked, in a 375 px phone frame.
 */
import { css, html, LitElement, type TemplateResult } from 'lit'
import type { Ad } from '../../../shared/ads-wire.js'
import '../../ads/svc-ads.js'
import { consoleStyles } from '../console-styles.js'

/** The layouts `<svc-ads>` draws, as the preview offers them. */
export const PREVIEW_LAYOUTS = [
  { value: 'slider', label: 'Slider' },
  { value: 'hero', label: 'Hero' },
  { value: 'stories', label: 'Stories' },
] as const

/**
 * The preview pane.
 *
 * @summary `<svc-console-ad-preview .ads=${[ad]} @svc-console-preview-layout=${…}>`
 * @event svc-console-preview-layout - The author chose another layout; `detail` is its name.
 */
export class SvcConsoleAdPreview extends LitElement {
  static override styles = [
    consoleStyles,
    css`
      .choices {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem 1rem;
        align-items: center;
        border: 0;
        padding: 0;
        margin: 0 0 0.75rem;
      }
      .choices legend {
        font-weight: 600;
        padding: 0;
        margin-bottom: 0.25rem;
      }
      .choices label {
        display: inline-flex;
        gap: 0.35rem;
        align-items: center;
        font-weight: 400;
        margin: 0;
      }
      .choices input {
        width: auto;
      }
      svc-ads {
        display: block;
        max-width: 32rem;
      }
      /* A phone's width, whatever the console's. */
      .phone {
        width: min(375px, 100%);
        box-sizing: border-box;
        border: 8px solid #24292f;
        border-radius: 18px;
        overflow: hidden;
      }
      .phone svc-ads {
        max-width: none;
      }
    `,
  ]
  static override properties = { ads: { attribute: false }, layout: { state: true }, phone: { state: true } }
  /** The ads to show, as the ads API would serve them. */
  declare ads: Ad[] | undefined
  declare layout: string
  declare phone: boolean

  constructor() {
    super()
    this.ads = undefined
    this.layout = 'slider'
    this.phone = false
  }

  private chooseLayout(layout: string): void {
    this.layout = layout
    this.dispatchEvent(new CustomEvent('svc-console-preview-layout', { detail: layout, bubbles: true, composed: true }))
  }

  override render(): TemplateResult {
    return html`
      <fieldset class="choices">
        <legend>Layout</legend>
        ${PREVIEW_LAYOUTS.map(
          ({ value, label }) =>
            html`<label
              ><input
                type="radio"
                name="layout"
                .value=${value}
                .checked=${this.layout === value}
                @change=${() => this.chooseLayout(value)}
              />
              ${label}</label
            >`,
        )}
        <label
          ><input
            type="checkbox"
            .checked=${this.phone}
            @change=${(event: Event) => (this.phone = (event.target as HTMLInputElement).checked)}
          />
          Phone width (375 px)</label
        >
      </fieldset>
      ${
        this.ads
          ? html`<div class=${this.phone ? 'phone' : 'wide'} data-layout=${this.layout}>
              <svc-ads .preview=${this.ads} layout=${this.layout} label="Preview of the ad"></svc-ads>
            </div>`
          : html`<p class="hint">Give the ad a title and a slot to see it as partner sites will.</p>`
      }
    `
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-ad-preview': SvcConsoleAdPreview
  }
  interface GlobalEventHandlersEventMap {
    'svc-console-preview-layout': CustomEvent<string>
  }
}

if (!customElements.get('svc-console-ad-preview')) customElements.define('svc-console-ad-preview', SvcConsoleAdPreview)
