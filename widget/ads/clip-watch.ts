/**
 * @module Marks each ad text box whose content does not fit with
 * `data-clipped`, which shows its "More" control: the box keeps its size
 * (no layout shift) and the rest of the text stays one press away. It
 * re-measures whenever a box's content changes size (a narrower page, a
 * description filled in, an image loaded).
 */
import type { ReactiveController, ReactiveElement } from 'lit'

export class ClipWatch implements ReactiveController {
  // Measured in the next frame: showing a More button inside the observer's
  // callback would resize what it observes (a "ResizeObserver loop" error).
  private readonly observer = new ResizeObserver(() => requestAnimationFrame(() => this.measure()))

  constructor(private readonly host: ReactiveElement) {
    host.addController(this)
  }

  hostUpdated(): void {
    // A newly observed box is measured once by the observer itself.
    for (const box of this.host.renderRoot.querySelectorAll('.body, .body > *')) this.observer.observe(box)
  }

  hostDisconnected(): void {
    this.observer.disconnect()
  }

  private measure(): void {
    // A clamped title counts as clipped, and an open box keeps its Less control even once all its text fits.
    for (const box of this.host.renderRoot.querySelectorAll('.body')) {
      const clipped = [box, ...box.querySelectorAll('.title')].some((element) => element.scrollHeight > element.clientHeight + 1)
      box.toggleAttribute('data-clipped', clipped || box.classList.contains('open'))
    }
  }
}
