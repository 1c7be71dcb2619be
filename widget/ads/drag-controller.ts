/**
 * @module Pointer and touch dragging of `<svc-ads>`' track, as Embla does
 * it: past a few pixels sideways the viewport captures the pointer and the
 * track follows it; on release it snaps (no momentum) to the next or
 * previous slide past a quarter of the width, else back. The click that
 * ends a drag is swallowed, so a drag never follows the ad's link.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'

// Movement before a press becomes a drag: below it, a press is a click.
const SLOP_PX = 6

export class DragController implements ReactiveController {
  /** How far the track follows the pointer, in px; 0 while not dragging. */
  offset = 0
  dragging = false
  private startX = 0
  private startY = 0
  private pointer?: number
  private swallowClick = false

  /** `step(+1)` goes forward (next), `step(-1)` back; `rtl` says which way forward is. */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly step: (delta: number) => void,
    private readonly rtl: () => boolean,
  ) {
    host.addController(this)
  }

  hostDisconnected(): void {
    this.pointer = undefined
    this.dragging = false
    this.offset = 0
  }

  readonly down = (event: PointerEvent): void => {
    if (!event.isPrimary || event.button > 0) return
    this.pointer = event.pointerId
    this.startX = event.clientX
    this.startY = event.clientY
    this.swallowClick = false
  }

  readonly move = (event: PointerEvent): void => {
    if (event.pointerId !== this.pointer) return
    const dx = event.clientX - this.startX
    if (!this.dragging) {
      if (Math.abs(dx) < SLOP_PX || Math.abs(dx) < Math.abs(event.clientY - this.startY)) return
      this.dragging = true
      ;(event.currentTarget as Element).setPointerCapture(event.pointerId)
    }
    this.offset = dx
    this.host.requestUpdate()
  }

  readonly up = (event: PointerEvent): void => {
    if (event.pointerId !== this.pointer) return
    this.pointer = undefined
    if (!this.dragging) return
    const width = (event.currentTarget as Element).clientWidth
    const dx = this.offset
    this.dragging = false
    this.offset = 0
    this.swallowClick = event.type === 'pointerup'
    if (Math.abs(dx) > width / 4) this.step(dx < 0 !== this.rtl() ? 1 : -1)
    this.host.requestUpdate()
    // A drag that ends outside the viewport is followed by no click to swallow.
    setTimeout(() => (this.swallowClick = false))
  }

  /** Listen in the capture phase, so the link never sees the click that ends a drag. */
  readonly click = (event: MouseEvent): void => {
    if (!this.swallowClick) return
    this.swallowClick = false
    event.preventDefault()
    event.stopPropagation()
  }
}
