/**
 * @module A strip that scrolls sideways (the console header's sections on
 * a phone) says so: it is marked `cut-left` / `cut-right` while part of
 * it is out of sight on that side, for a fade there (the page's CSS), and
 * the marks go when it is scrolled to that end. It also brings its current
 * item (`aria-current="page"`) into view whenever that changes, so the
 * section shown is never the one cut off. A scroll listener and a
 * ResizeObserver, no animation frames: cheap.
 */
import type { LitElement, ReactiveController } from 'lit'

/** How much of the strip the fade takes, in px: a current item is brought in past it. */
const FADE_PX = 32

/**
 * Marks the cut edges of the host's strip matching `selector`.
 *
 * @example
 * this.addController(new ScrollEdges(this, 'header nav')) // in the host's constructor
 * // CSS: nav.cut-right { mask-image: linear-gradient(to right, #000 calc(100% - 2rem), transparent) }
 */
export class ScrollEdges implements ReactiveController {
  private strip: HTMLElement | undefined
  /** The current item last brought into view: one newly current is brought in, once. */
  private shown: Element | undefined
  private readonly resizing = new ResizeObserver(() => this.mark())

  constructor(
    private readonly host: LitElement,
    private readonly selector: string,
  ) {}

  hostUpdated(): void {
    const strip = this.host.renderRoot.querySelector<HTMLElement>(this.selector) ?? undefined
    if (strip !== this.strip) {
      this.strip?.removeEventListener('scroll', this.mark)
      this.resizing.disconnect()
      this.strip = strip
      if (strip) {
        strip.addEventListener('scroll', this.mark, { passive: true })
        // The strip's own box, and its content's (a section added or renamed), change what is cut.
        this.resizing.observe(strip)
        if (strip.firstElementChild) this.resizing.observe(strip.firstElementChild)
      }
    }
    this.bringCurrentIn()
    this.mark()
  }

  hostDisconnected(): void {
    this.strip?.removeEventListener('scroll', this.mark)
    this.resizing.disconnect()
    this.strip = this.shown = undefined
  }

  private bringCurrentIn(): void {
    const strip = this.strip
    const current = strip?.querySelector('[aria-current="page"]') ?? undefined
    if (!strip || !current || current === this.shown) return
    this.shown = current
    // Scrolled here rather than with scrollIntoView, which would scroll the page too.
    const within = strip.getBoundingClientRect()
    const item = current.getBoundingClientRect()
    if (item.right > within.right - FADE_PX) strip.scrollLeft += item.right - within.right + FADE_PX
    else if (item.left < within.left + FADE_PX) strip.scrollLeft -= within.left + FADE_PX - item.left
  }

  private readonly mark = (): void => {
    const strip = this.strip
    if (!strip) return
    const hidden = strip.scrollWidth - strip.clientWidth
    // Right to left, scrollLeft runs from 0 down to -hidden.
    const rtl = getComputedStyle(strip).direction === 'rtl'
    const fromStart = Math.abs(strip.scrollLeft)
    const start = hidden > 1 && fromStart > 1
    const end = hidden > 1 && fromStart < hidden - 1
    strip.classList.toggle('cut-left', rtl ? end : start)
    strip.classList.toggle('cut-right', rtl ? start : end)
  }
}
