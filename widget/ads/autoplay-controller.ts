/**
 * @module Auto-rotation for `<svc-ads>`: advances every `interval` ms
 * while rotating, and stays paused while focus is inside, the pointer
 * hovers or the user stopped it (the WAI-ARIA carousel pattern). For
 * people who prefer reduced motion it starts stopped: only their own press
 * of the rotation control starts it.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'

export class AutoplayController implements ReactiveController {
  interval = 0
  private readonly reducedMotion = matchMedia('(prefers-reduced-motion: reduce)')
  /** Stopped by the user, or by their preference for reduced motion until they start it. */
  stopped = this.reducedMotion.matches
  private focused = false
  private hovered = false
  private timer?: ReturnType<typeof setInterval>
  private listening?: AbortController

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly advance: () => void,
  ) {
    host.addController(this)
  }

  /** True while slides change by themselves. */
  get rotating(): boolean {
    return this.interval > 0 && !this.stopped && !this.focused && !this.hovered
  }

  hostConnected(): void {
    // One signal removes every listener when the element leaves the page.
    const signal = (this.listening = new AbortController()).signal
    this.host.addEventListener('focusin', this.onFocusIn, { signal })
    this.host.addEventListener('focusout', this.onFocusOut, { signal })
    this.host.addEventListener('pointerenter', this.onEnter, { signal })
    this.host.addEventListener('pointerleave', this.onLeave, { signal })
    this.reducedMotion.addEventListener('change', this.onMotionPreference, { signal })
    this.sync()
  }

  hostDisconnected(): void {
    clearInterval(this.timer)
    this.timer = undefined
    this.listening?.abort()
  }

  /** Starts or stops the timer to match `rotating`; call after changing `interval` or `stopped`. */
  readonly sync = (): void => {
    clearInterval(this.timer)
    this.timer = this.rotating ? setInterval(this.advance, this.interval) : undefined
    this.host.requestUpdate()
  }

  private readonly onMotionPreference = () => ((this.stopped ||= this.reducedMotion.matches), this.sync())
  private readonly onFocusIn = () => ((this.focused = true), this.sync())
  private readonly onFocusOut = (event: FocusEvent) => {
    // Focus moving within the element (its shadow tree included) is still inside.
    const next = event.relatedTarget
    if (next instanceof Node && (next === this.host || this.host.contains(next) || this.host.shadowRoot?.contains(next))) return
    this.focused = false
    this.sync()
  }
  private readonly onEnter = () => ((this.hovered = true), this.sync())
  private readonly onLeave = () => ((this.hovered = false), this.sync())
}
