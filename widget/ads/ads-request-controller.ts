/**
 * @module Fetches a slot's ads for `<svc-ads>` as a Lit reactive
 * controller: one request at a time (a new one aborts the old, and so does
 * removing the element), retries after the API's `Retry-After` on 429 and
 * with exponential backoff on 5xx, a bounded number of times.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'
import type { Ad, AdsResponse } from '../../shared/ads-wire.js'

export type AdsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; ads: Ad[] }
  | { status: 'empty' }
  | { status: 'error'; httpStatus: number; message: string }

export interface AdsQuery {
  url: string
  apiKey: string
}

const MAX_RETRIES = 3

export class AdsRequestController implements ReactiveController {
  state: AdsState = { status: 'idle' }
  private abort?: AbortController
  private key = ''

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly onSettled: (state: AdsState) => void,
  ) {
    host.addController(this)
  }

  /** Fetches unless the same query is already loaded or loading. */
  load(query: AdsQuery): void {
    const key = `${query.url}\n${query.apiKey}`
    if (key === this.key) return
    this.key = key
    this.abort?.abort()
    const abort = new AbortController()
    this.abort = abort
    this.set({ status: 'loading' })
    void this.fetchWithRetries(query, abort.signal).then((state) => {
      if (!abort.signal.aborted) this.set(state)
    })
  }

  /** Shows the given ads instead of fetching (an editor's preview). */
  show(ads: Ad[]): void {
    this.abort?.abort()
    this.key = ''
    this.set(ads.length > 0 ? { status: 'ready', ads } : { status: 'empty' })
  }

  hostDisconnected(): void {
    this.abort?.abort()
    this.key = ''
  }

  private set(state: AdsState): void {
    this.state = state
    this.host.requestUpdate()
    if (state.status !== 'loading') this.onSettled(state)
  }

  private async fetchWithRetries(query: AdsQuery, signal: AbortSignal): Promise<AdsState> {
    for (let attempt = 0; ; attempt++) {
      let response: Response
      try {
        response = await fetch(query.url, { headers: query.apiKey ? { Authorization: `Bearer ${query.apiKey}` } : {}, signal })
      } catch (error) {
        if (signal.aborted) return { status: 'idle' }
        if (attempt >= MAX_RETRIES) return { status: 'error', httpStatus: 0, message: (error as Error).message }
        await sleep(2 ** attempt * 1000, signal)
        continue
      }
      const body = (await response.json().catch(() => ({}))) as Partial<AdsResponse>
      if (response.ok && body.status === 'success' && 'data' in body) {
        return { status: 'ready', ads: Array.isArray(body.data) ? body.data : [body.data!] }
      }
      if (response.status === 404 && body.status === 'info') return { status: 'empty' }
      const retryable = response.status === 429 || response.status >= 500
      if (!retryable || attempt >= MAX_RETRIES) {
        return { status: 'error', httpStatus: response.status, message: ('message' in body && body.message) || response.statusText }
      }
      const retryAfter = Number(response.headers.get('Retry-After'))
      await sleep(response.status === 429 && retryAfter > 0 ? retryAfter * 1000 : 2 ** attempt * 1000, signal)
      if (signal.aborted) return { status: 'idle' }
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
  })
}
