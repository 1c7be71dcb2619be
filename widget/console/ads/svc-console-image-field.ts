/**
 * @module `<svc-console-image-field>`: an ad's image as a marketer sets
 * it, as in Google Ad Manager's creative upload: paste a URL, choose a
 * file, or drop one on the field; the file is uploaded at once (progress
 * shown), its URL takes the field's place, and a thumbnail shows what the
 * URL holds. A refusal (too big, not an image) is said in plain words
 * beside the field.
 */
import { css, html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit'
import { AD_URL_MAX } from '../../../shared/ad-limits.js'
import { consoleStyles } from '../console-styles.js'
import { lengthCounter } from '../console-field.js'
import { IMAGE_ACCEPT, MAX_IMAGE_BYTES, uploadImage } from './upload-image.js'

/** The field's URL changed: typed, pasted or uploaded. */
export type SvcConsoleImageChange = CustomEvent<{ url: string }>

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/**
 * One image of an ad: its URL, a file picker, a drop zone and a thumbnail.
 *
 * @summary `<svc-console-image-field field-id="image" label="Main image" .value=${url} @svc-console-image-change=…>`
 * @event svc-console-image-change - `detail.url`, whenever the URL changes (typed, or an upload finished)
 */
export class SvcConsoleImageField extends LitElement {
  static override shadowRootOptions = { ...LitElement.shadowRootOptions, delegatesFocus: true }
  static override styles = [
    consoleStyles,
    css`
      /* In a gallery row it takes the room its Remove button leaves. */
      :host {
        flex: 1 1 auto;
        min-width: 0;
      }
      .drop {
        border: 2px dashed transparent;
        border-radius: 8px;
        padding: 0.25rem;
        margin: -0.25rem;
      }
      .drop.over {
        border-color: #0969da;
        background: #ddf4ff;
      }
      .row {
        display: flex;
        gap: 0.5rem;
        align-items: center;
      }
      .row button {
        white-space: nowrap;
      }
      .thumbnail {
        display: block;
        max-width: 12rem;
        max-height: 7rem;
        margin-top: 0.5rem;
        border: 1px solid #d0d7de;
        border-radius: 6px;
        background: #fff;
      }
      progress {
        width: 12rem;
      }
    `,
  ]
  static override properties = {
    fieldId: { attribute: 'field-id' },
    label: {},
    hint: {},
    value: {},
    error: {},
    invalid: { type: Boolean },
    uploading: { state: true },
    progress: { state: true },
    problem: { state: true },
    notice: { state: true },
    over: { state: true },
    broken: { state: true },
  }
  /** The id of the URL input; the hint and error are `${fieldId}-hint` and `${fieldId}-error`. */
  declare fieldId: string
  declare label: string
  declare hint: string
  declare value: string
  /** The server's refusal of this field, when it refused it. */
  declare error: string | undefined
  /** Marked as wrong without a message of its own (the message is shown elsewhere). */
  declare invalid: boolean
  declare private uploading: string
  declare private progress: number
  declare private problem: string
  declare private notice: string
  declare private over: boolean
  declare private broken: boolean
  private abort: AbortController | undefined

  constructor() {
    super()
    this.fieldId = 'image'
    this.label = 'Image'
    this.hint = ''
    this.value = ''
    this.error = undefined
    this.invalid = false
    this.uploading = ''
    this.progress = 0
    this.problem = ''
    this.notice = ''
    this.over = false
    this.broken = false
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('value')) this.broken = false
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.abort?.abort()
  }

  private change(url: string): void {
    this.value = url
    this.dispatchEvent(new CustomEvent('svc-console-image-change', { detail: { url }, bubbles: true, composed: true }))
  }

  /** Uploads `file` (one at a time: a newer file abandons the one before). */
  private async upload(file: File): Promise<void> {
    this.abort?.abort()
    this.notice = ''
    this.problem = ''
    if (file.size > MAX_IMAGE_BYTES) {
      this.problem = `${file.name} is ${megabytes(file.size)}; an image may be at most 5 MB. Make it smaller (a JPEG or WebP 2000 pixels wide is usually under 1 MB) and try again.`
      return
    }
    const abort = new AbortController()
    this.abort = abort
    this.uploading = file.name
    this.progress = 0
    try {
      const url = await uploadImage(file, { onProgress: (share) => (this.progress = share), signal: abort.signal })
      this.change(url)
      this.notice = `Uploaded ${file.name}.`
    } catch (error) {
      if (abort.signal.aborted) return
      const message = (error as Error).message
      this.problem = `${file.name} was not uploaded: ${message}.`
    } finally {
      if (this.abort === abort) {
        this.uploading = ''
        this.abort = undefined
      }
    }
  }

  private picked(event: Event): void {
    const input = event.target as HTMLInputElement
    const file = input.files?.[0]
    input.value = ''
    if (file) void this.upload(file)
  }

  private dropped(event: DragEvent): void {
    event.preventDefault()
    this.over = false
    const file = event.dataTransfer?.files[0]
    if (file) void this.upload(file)
    else this.problem = 'Drop an image file here (a PNG, JPEG, GIF, WebP or AVIF of at most 5 MB).'
  }

  private dragOver(event: DragEvent): void {
    if (!event.dataTransfer?.types.includes('Files')) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
    this.over = true
  }

  // The progress line is a polite live region rather than role="status": the form's own status line stays the page's one.
  override render(): TemplateResult {
    const id = this.fieldId
    const marked = Boolean(this.error) || this.invalid
    const describedBy = [`${id}-hint`, `${id}-count`, this.error ? `${id}-error` : '', this.problem ? `${id}-problem` : ''].filter(Boolean).join(' ')
    const showable = /^https?:\/\/./i.test(this.value) && !this.broken
    return html`<div
      class="field drop ${this.over ? 'over' : ''}"
      @dragover=${this.dragOver}
      @dragleave=${() => (this.over = false)}
      @drop=${this.dropped}
    >
      <label for=${id}>${this.label} URL</label>
      <div class="row">
        <input
          id=${id}
          type="url"
          maxlength=${AD_URL_MAX}
          .value=${this.value}
          aria-invalid=${marked ? 'true' : 'false'}
          aria-describedby=${describedBy}
          @input=${(event: Event) => this.change((event.target as HTMLInputElement).value)}
        />
        <input type="file" accept=${IMAGE_ACCEPT} hidden @change=${this.picked} />
        <button
          type="button"
          aria-label="Upload ${this.label.toLowerCase()}"
          ?disabled=${Boolean(this.uploading)}
          @click=${() => this.renderRoot.querySelector<HTMLInputElement>('input[type=file]')!.click()}
        >
          Upload…
        </button>
      </div>
      <div class="hint" id="${id}-hint">
        ${this.hint} Paste a URL, or upload a PNG, JPEG, GIF, WebP or AVIF of at most 5 MB: choose a file, or drop one here.
      </div>
      ${lengthCounter(id, { max: AD_URL_MAX, length: this.value.length })}
      <div aria-live="polite" class="hint">
        ${
          this.uploading
            ? html`Uploading ${this.uploading}…
                <progress max="1" .value=${this.progress} aria-label="Upload of ${this.uploading}"></progress>`
            : this.notice
        }
      </div>
      ${this.problem ? html`<div class="error" role="alert" id="${id}-problem">${this.problem}</div>` : nothing}
      ${this.error ? html`<div class="error" id="${id}-error">${this.error}</div>` : nothing}
      ${
        showable
          ? html`<img class="thumbnail" src=${this.value} alt="${this.label} preview" @error=${() => (this.broken = true)} />`
          : this.value && this.broken
            ? html`<div class="hint">No image could be loaded from this URL.</div>`
            : nothing
      }
    </div>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-image-field': SvcConsoleImageField
  }
  interface GlobalEventHandlersEventMap {
    'svc-console-image-change': SvcConsoleImageChange
  }
}

if (!customElements.get('svc-console-image-field')) customElements.define('svc-console-image-field', SvcConsoleImageField)
