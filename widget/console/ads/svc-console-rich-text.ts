/**
 * @module `<svc-console-rich-text>`: the ad description's small editor. A
 * labelled toolbar (bold, italic, bulleted and numbered lists, link, remove
 * link), Ctrl/Cmd+B, I and K, pastes kept to the allowed formatting, and a
 * switch to edit the HTML itself. It emits only the HTML of
 * `rich-text-html.ts`, and only once the author edits: a description
 * loaded and not touched is sent back exactly as it came. One with markup
 * the toolbar cannot make opens as HTML, so nothing is lost unseen.
 */
import { css, html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit'
import { consoleStyles } from '../console-styles.js'
import { isLinkable, isRichText, normaliseRichText } from './rich-text-html.js'

/**
 * A rich-text field.
 *
 * @summary `<svc-console-rich-text label="Description" .value=${html} @svc-console-rich-text-change=${…}>`
 * @event svc-console-rich-text-change - The author changed the text; `detail` is the new HTML.
 */
export class SvcConsoleRichText extends LitElement {
  static override shadowRootOptions = { ...LitElement.shadowRootOptions, delegatesFocus: true }
  static override styles = [
    consoleStyles,
    css`
      [role='toolbar'] {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem;
        margin-bottom: 0.25rem;
      }
      [role='toolbar'] button {
        padding: 0.25rem 0.6rem;
      }
      [role='toolbar'] .html-switch {
        margin-inline-start: auto;
      }
      button[aria-pressed='true'] {
        background: #ddf4ff;
        border-color: #0969da;
      }
      .editable {
        min-height: 7rem;
        padding: 0.4rem 0.6rem;
        border: 1px solid #d0d7de;
        border-radius: 6px;
        background: #fff;
        overflow-wrap: anywhere;
      }
      .editable:focus-visible {
        outline: 3px solid #0969da;
        outline-offset: 2px;
      }
      .editable[aria-invalid='true'] {
        border-color: #cf222e;
      }
      .editable p {
        margin: 0 0 0.5rem;
      }
      .link-form {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
        align-items: end;
        margin-bottom: 0.5rem;
      }
      .link-form .field {
        flex: 1 1 12rem;
        margin: 0;
      }
    `,
  ]

  static override properties = {
    value: {},
    label: {},
    hint: {},
    error: {},
    htmlMode: { state: true },
    linking: { state: true },
    linkProblem: { state: true },
  }
  /** The HTML shown; set it to load a description. */
  declare value: string
  declare label: string
  declare hint: string
  /** The server's message for this field, shown beside it. */
  declare error: string
  declare htmlMode: boolean
  declare linking: boolean
  declare linkProblem: string
  /** The last value this editor emitted: a `value` equal to it is the author's own, not a new load. */
  private emitted: string | undefined
  private editorNeedsContent = true
  private savedRange: Range | undefined

  constructor() {
    super()
    this.value = ''
    this.label = 'Description'
    this.hint = ''
    this.error = ''
    this.htmlMode = false
    this.linking = false
    this.linkProblem = ''
  }

  override connectedCallback(): void {
    super.connectedCallback()
    // Enter makes a paragraph, not Chromium's default <div>.
    document.execCommand('defaultParagraphSeparator', false, 'p')
  }

  private get editable(): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>('.editable')
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('value') && this.value !== this.emitted) {
      // A description loaded from elsewhere: what the toolbar cannot make is shown as HTML, never dropped unseen.
      this.htmlMode = !isRichText(this.value)
      this.editorNeedsContent = true
    }
    if (changed.has('htmlMode') && !this.htmlMode) this.editorNeedsContent = true
  }

  protected override updated(): void {
    const editable = this.editable
    if (!editable || !this.editorNeedsContent) return
    // Shown through the editor's own form, so nothing but its few inert elements reaches the live page.
    editable.innerHTML = normaliseRichText(this.value)
    this.editorNeedsContent = false
  }

  private emit(value: string): void {
    if (value === this.value) return
    this.emitted = value
    this.value = value
    this.dispatchEvent(new CustomEvent('svc-console-rich-text-change', { detail: value, bubbles: true, composed: true }))
  }

  private readonly onEdited = () => {
    const editable = this.editable
    if (editable) this.emit(normaliseRichText(editable))
  }

  private command(name: 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList' | 'unlink'): void {
    this.editable?.focus()
    this.restoreSelection()
    document.execCommand(name)
    this.onEdited()
  }

  private selection(): Selection | null {
    const root = this.renderRoot as ShadowRoot & { getSelection?: () => Selection | null }
    return root.getSelection?.() ?? document.getSelection()
  }

  private restoreSelection(): void {
    if (!this.savedRange) return
    const selection = this.selection()
    selection?.removeAllRanges()
    selection?.addRange(this.savedRange)
    this.savedRange = undefined
  }

  private readonly onKeyDown = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return
    const key = event.key.toLowerCase()
    if (key === 'b' || key === 'i') {
      event.preventDefault()
      this.command(key === 'b' ? 'bold' : 'italic')
    } else if (key === 'k') {
      event.preventDefault()
      void this.openLinkForm()
    }
  }

  private readonly onPaste = (event: ClipboardEvent) => {
    const pasted = event.clipboardData?.getData('text/html')
    if (!pasted) return
    // A web page's markup is brought down to the allowed formatting before it enters the editor.
    event.preventDefault()
    document.execCommand('insertHTML', false, normaliseRichText(pasted))
    this.onEdited()
  }

  private async openLinkForm(): Promise<void> {
    const selection = this.selection()
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : undefined
    this.savedRange = range && this.editable?.contains(range.commonAncestorContainer) ? range.cloneRange() : undefined
    this.linking = true
    this.linkProblem = ''
    await this.updateComplete
    this.renderRoot.querySelector<HTMLInputElement>('#link-address')?.focus()
  }

  private addLink(): void {
    const address = this.renderRoot.querySelector<HTMLInputElement>('#link-address')?.value.trim() ?? ''
    if (!isLinkable(address)) {
      this.linkProblem = 'Link address must start with https://, http:// or mailto:'
      this.renderRoot.querySelector<HTMLInputElement>('#link-address')?.focus()
      return
    }
    this.linking = false
    const editable = this.editable!
    editable.focus()
    const range = this.savedRange
    this.restoreSelection()
    if (!range || range.collapsed) {
      // Nothing selected: the address becomes the link's text.
      if (!range) {
        const end = document.createRange()
        end.selectNodeContents(editable)
        end.collapse(false)
        this.selection()?.removeAllRanges()
        this.selection()?.addRange(end)
      }
      const escaped = address.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')
      document.execCommand('insertHTML', false, `<a href="${escaped}">${escaped}</a>`)
    } else document.execCommand('createLink', false, address)
    this.onEdited()
  }

  private cancelLink(): void {
    this.linking = false
    this.editable?.focus()
    this.restoreSelection()
  }

  private renderLinkForm(): TemplateResult {
    return html`<div class="link-form" role="group" aria-label="Add a link">
      <div class="field">
        <label for="link-address">Link address</label>
        <input
          id="link-address"
          type="url"
          placeholder="https://"
          aria-invalid=${this.linkProblem ? 'true' : 'false'}
          aria-describedby=${this.linkProblem ? 'link-problem' : nothing}
          @keydown=${(event: KeyboardEvent) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              this.addLink()
            } else if (event.key === 'Escape') this.cancelLink()
          }}
        />
        ${this.linkProblem ? html`<div class="error" id="link-problem">${this.linkProblem}</div>` : nothing}
      </div>
      <button type="button" @click=${this.addLink}>Add link</button>
      <button type="button" @click=${this.cancelLink}>Cancel</button>
    </div>`
  }

  override render(): TemplateResult {
    const describedBy = [this.hint ? 'hint' : '', this.error ? 'error' : '', this.htmlMode ? 'html-note' : ''].filter(Boolean).join(' ')
    const invalid = this.error ? 'true' : 'false'
    const tool = (label: string, keys: string, run: () => void) =>
      html`<button
        type="button"
        ?disabled=${this.htmlMode}
        aria-keyshortcuts=${keys || nothing}
        @mousedown=${(event: Event) => event.preventDefault()}
        @click=${run}
      >
        ${label}
      </button>`
    return html`
      <div class="field">
        <label id="label" for=${this.htmlMode ? 'html' : nothing}>${this.label}</label>
        <div role="toolbar" aria-label="${this.label} formatting" aria-controls=${this.htmlMode ? 'html' : 'editable'}>
          ${tool('Bold', 'Control+B', () => this.command('bold'))} ${tool('Italic', 'Control+I', () => this.command('italic'))}
          ${tool('Bulleted list', '', () => this.command('insertUnorderedList'))}
          ${tool('Numbered list', '', () => this.command('insertOrderedList'))}
          ${tool('Link…', 'Control+K', () => void this.openLinkForm())} ${tool('Remove link', '', () => this.command('unlink'))}
          <button
            type="button"
            class="html-switch"
            aria-pressed=${this.htmlMode ? 'true' : 'false'}
            @click=${() => (this.htmlMode = !this.htmlMode)}
          >
            Edit as HTML
          </button>
        </div>
        ${this.linking && !this.htmlMode ? this.renderLinkForm() : nothing}
        ${
          this.htmlMode
            ? html`<textarea
                dir="auto"
                id="html"
                rows="6"
                .value=${this.value}
                aria-invalid=${invalid}
                aria-describedby=${describedBy || nothing}
                @input=${(event: Event) => this.emit((event.target as HTMLTextAreaElement).value)}
              ></textarea>`
            : html`<div
                id="editable"
                class="editable"
                contenteditable="true"
                dir="auto"
                role="textbox"
                aria-multiline="true"
                aria-labelledby="label"
                aria-invalid=${invalid}
                aria-describedby=${describedBy || nothing}
                @input=${this.onEdited}
                @keydown=${this.onKeyDown}
                @paste=${this.onPaste}
              ></div>`
        }
        ${
          this.htmlMode
            ? html`<div class="hint" id="html-note">
                Switch "Edit as HTML" off to format with the toolbar; it keeps bold, italic, lists and links.
              </div>`
            : nothing
        }
        ${this.hint ? html`<div class="hint" id="hint">${this.hint}</div>` : nothing}
        ${this.error ? html`<div class="error" id="error">${this.error}</div>` : nothing}
      </div>
    `
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-rich-text': SvcConsoleRichText
  }
  interface GlobalEventHandlersEventMap {
    'svc-console-rich-text-change': CustomEvent<string>
  }
}

if (!customElements.get('svc-console-rich-text')) customElements.define('svc-console-rich-text', SvcConsoleRichText)
