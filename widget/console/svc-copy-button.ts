/**
 * @module `<svc-copy-button>`: copies a secret shown once (an API key, a
 * client secret, a webhook secret) to the clipboard and says "Copied"
 * beside it, announced to screen readers (a live region, not a second
 * `status` inside the box that shows the secret). Where the clipboard is refused,
 * it says to copy by hand.
 */
import { css, html, LitElement, type TemplateResult } from 'lit'

/**
 * A Copy button for one value.
 *
 * @summary `<svc-copy-button .value=${secret} label="Copy client secret"></svc-copy-button>`
 */
export class SvcCopyButton extends LitElement {
  static override styles = css`
    :host {
      display: inline-flex;
      gap: 0.5rem;
      align-items: center;
    }
    button {
      font: inherit;
      padding: 0.2rem 0.6rem;
      border-radius: 6px;
      border: 1px solid #d0d7de;
      background: #fff;
      color: #1f2328;
      cursor: pointer;
    }
    button:focus-visible {
      outline: 3px solid #0969da;
      outline-offset: 2px;
    }
    .said {
      color: #1a7f37;
      font-size: 0.9rem;
    }
  `
  static override properties = { value: { attribute: false }, label: {}, said: { state: true } }
  declare value: string
  declare label: string
  declare said: string

  constructor() {
    super()
    this.value = ''
    this.label = 'Copy'
    this.said = ''
  }

  private async copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(this.value)
      this.said = 'Copied'
    } catch {
      this.said = 'Copying was refused; select the text and copy it'
    }
  }

  override render(): TemplateResult {
    return html`<button type="button" aria-label=${this.label} @click=${this.copy}>Copy</button>
      <span class="said" aria-live="polite">${this.said}</span>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-copy-button': SvcCopyButton
  }
}

if (!customElements.get('svc-copy-button')) customElements.define('svc-copy-button', SvcCopyButton)
