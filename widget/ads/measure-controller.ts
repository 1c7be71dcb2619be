/**
 * @module Measures what `<svc-ads>` shows, without cookies or identifiers:
 * an impression when a slide is shown, a viewable impression when at least
 * half of it is in view for one continuous second in a visible tab
 * (IAB/MRC display rule), a click when its call to action is followed;
 * each ad at most once a kind in a page view. Each is announced as a DOM
 * event and, unless `no-measure`, batched and sent with `sendBeacon` to
 * `POST {base}/ads/events` when the tab is hidden or left, and 10 s after
 * the first unsent event. The beacon is `text/plain` JSON (no preflight),
 * so the key travels in the body.
 */
import type { ReactiveController, ReactiveElement } from 'lit'
import type { AdEventBatch } from '../../shared/ads-wire.js'

/** What the host tells the controller; `undefined` measures nothing (an editor's preview). */
export interface MeasureTarget {
  /** `{base}/ads/events`, or '' to announce events without sending them (`no-measure`). */
  url: string
  key: string
  slot: string
}

type Kind = 'served' | 'viewable' | 'clicks'
const EVENTS = { served: 'svc-ads-impression', viewable: 'svc-ads-viewable', clicks: 'svc-ads-click' }

export class MeasureController implements ReactiveController {
  private readonly counted = new Set<string>()
  private queue: Partial<Record<Kind, string[]>> = {}
  private readonly timers = new Map<Element, ReturnType<typeof setTimeout>>()
  private readonly observer = new IntersectionObserver((entries) => this.intersect(entries), { threshold: 0.5 })
  private sending?: ReturnType<typeof setTimeout>
  private target?: MeasureTarget

  constructor(
    private readonly host: ReactiveElement,
    private readonly targetOf: () => MeasureTarget | undefined,
  ) {
    host.addController(this)
  }

  hostConnected(): void {
    document.addEventListener('visibilitychange', this.onVisibility)
    addEventListener('pagehide', this.send)
  }

  hostDisconnected(): void {
    document.removeEventListener('visibilitychange', this.onVisibility)
    removeEventListener('pagehide', this.send)
    this.observer.disconnect()
    this.pause()
  }

  /** Slides carry `data-code`; the shown ones are those not `inert`. */
  hostUpdated(): void {
    this.target = this.targetOf()
    if (!this.target) return
    for (const slide of this.host.renderRoot.querySelectorAll<HTMLElement>('[data-code]')) {
      this.observer.observe(slide)
      if (!slide.inert) this.count('served', slide.dataset.code!)
    }
  }

  /** Counts `kind` for ad `code` once a page view, announces it and queues it for the next beacon. */
  count(kind: Kind, code: string): void {
    const target = this.target
    if (!target || this.counted.has(kind + code)) return
    this.counted.add(kind + code)
    this.host.dispatchEvent(new CustomEvent(EVENTS[kind], { detail: { ad: code, slot: target.slot }, bubbles: true, composed: true }))
    if (!target.url) return
    ;(this.queue[kind] ??= []).push(code)
    this.sending ??= setTimeout(this.send, 10_000)
  }

  private intersect(entries: IntersectionObserverEntry[]): void {
    for (const { target, isIntersecting, intersectionRatio } of entries) {
      // Half the pixels, give or take the sub-pixel rounding of the ratio.
      if (isIntersecting && intersectionRatio > 0.499) this.arm(target as HTMLElement)
      else (clearTimeout(this.timers.get(target)), this.timers.delete(target))
    }
  }

  private arm(slide: HTMLElement): void {
    if (document.hidden || this.timers.has(slide)) return
    const timer = setTimeout(() => {
      // Changes already rendered but not yet reported come first: a slide that left the view loses its timer.
      this.intersect(this.observer.takeRecords())
      if (this.timers.get(slide) !== timer) return
      this.timers.delete(slide)
      this.count('viewable', slide.dataset.code!)
    }, 1000)
    this.timers.set(slide, timer)
  }

  // Observed afresh, each slide's intersection is reported again, which arms those in view.
  private readonly onVisibility = (): void => (document.hidden ? this.pause() : (this.observer.disconnect(), this.hostUpdated()))

  /** Hidden or gone: no second runs on, and what is queued leaves now. */
  private pause(): void {
    this.timers.forEach(clearTimeout)
    this.timers.clear()
    this.send()
  }

  private readonly send = (): void => {
    clearTimeout(this.sending)
    this.sending = undefined
    const { queue, target } = this
    if (!target?.url || !Object.keys(queue).length) return
    this.queue = {}
    // Unique, not secret: it only lets the server refuse a replayed batch.
    const batch = Date.now().toString(36) + Math.random().toString(36).slice(2)
    navigator.sendBeacon(target.url, JSON.stringify({ key: target.key, batch, slot: target.slot, ...queue } satisfies AdEventBatch))
  }
}
