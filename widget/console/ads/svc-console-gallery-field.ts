/**
 * @module `<svc-console-gallery-field>`: an ad's further images (up to
 * ten), each an image field (URL, upload or drop) with its Remove button,
 * and Add image; one refusal for the list, said under it.
 */
import { html, LitElement, nothing, type TemplateResult } from 'lit'
import { consoleStyles } from '../console-styles.js'
import './svc-console-image-field.js'

export const MAX_GALLERY_IMAGES = 10

/**
 * The gallery of an ad in the editor.
 *
 * @summary `<svc-console-gallery-field .value=${urls} error=… @svc-console-gallery-change=…>`
 * @event svc-console-gallery-change - `detail` is the new list of URLs (empty entries included, as typed)
 */
export class SvcConsoleGalleryField extends LitElement {
  static override styles = consoleStyles
  static override properties = { value: { attribute: false }, error: {} }

  declare value: string[]
  /** The server's refusal of the list, in the form's words. */
  declare error: string

  constructor() {
    super()
    this.value = ['']
    this.error = ''
  }

  private change(images: string[]): void {
    this.dispatchEvent(new CustomEvent('svc-console-gallery-change', { detail: images, bubbles: true, composed: true }))
  }

  override render(): TemplateResult {
    const images = this.value
    return html`<fieldset class="field">
      <legend>More images (up to ${MAX_GALLERY_IMAGES})</legend>
      ${images.map(
        (url, index) =>
          html`<div class="image-row">
            <svc-console-image-field
              field-id="image-${index}"
              label="More image ${index + 1}"
              .value=${url}
              ?invalid=${Boolean(this.error)}
              aria-invalid=${this.error ? 'true' : 'false'}
              @svc-console-image-change=${(event: CustomEvent<{ url: string }>) =>
                this.change(images.map((old, at) => (at === index ? event.detail.url : old)))}
            ></svc-console-image-field>
            <button
              type="button"
              aria-label="Remove image ${index + 1}"
              ?disabled=${images.length === 1}
              @click=${() => this.change(images.filter((_, at) => at !== index))}
            >
              Remove
            </button>
          </div>`,
      )}
      <button type="button" ?disabled=${images.length >= MAX_GALLERY_IMAGES} @click=${() => this.change([...images, ''])}>Add image</button>
      ${this.error ? html`<div class="error" id="images-error">${this.error}</div>` : nothing}
    </fieldset>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-gallery-field': SvcConsoleGalleryField
  }
}

if (!customElements.get('svc-console-gallery-field')) customElements.define('svc-console-gallery-field', SvcConsoleGalleryField)
