/**
 * @module How a console page loads and acts, as a Lit reactive controller:
 * it holds the page's data, whether it is loading, the notice of the last
 * action, the refusal (its sentence and per-field messages) and whether an
 * action is under way. A newer load aborts the one in flight, and removing
 * the page aborts both, so a slow answer for one client or ad can never
 * overwrite the page of another.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit'
import { ConsoleApiError } from './console-api.js'

/** The page the controller serves: a Lit element (its shadow root holds the fields to focus). */
export type ConsolePageHost = ReactiveControllerHost & { readonly renderRoot: HTMLElement | DocumentFragment }

/** What an action may say when done: the notice to show, or nothing. */
export type ConsoleWork = (signal: AbortSignal) => Promise<string | void>

/**
 * One page's data, loading and acting.
 *
 * @example
 * private readonly keys = new ConsoleDataController(this, (signal) => consoleApi<ConsoleApiKeyList>('GET', '/keys', { signal }))
 * // connectedCallback: void this.keys.load()
 * // a button: @click=${() => this.keys.act(() => consoleApi('DELETE', `/keys/${key.id}`))}
 * // render: ${this.keys.alert()} ${this.keys.status()} ${this.keys.data ? table(this.keys.data) : 'Loading…'}
 */
export class ConsoleDataController<T> implements ReactiveController {
  /** The last answer of the loader; `undefined` until the first arrives (or after a fresh load starts). */
  data: T | undefined = undefined
  /** A load is in flight. */
  loading = false
  /** An action is in flight; another is refused until it ends. */
  busy = false
  /** What the last action did, for a `role="status"` line. */
  notice = ''
  /** The last refusal's sentence (a failed load or action); empty when none. */
  problem = ''
  /** The last refusal's per-field messages, by field name. */
  errors: Record<string, string> = {}
  private loadAbort: AbortController | undefined
  private actAbort: AbortController | undefined

  constructor(
    private readonly host: ConsolePageHost,
    private readonly loader: (signal: AbortSignal) => Promise<T>,
  ) {
    host.addController(this)
  }

  hostDisconnected(): void {
    this.loadAbort?.abort()
    this.actAbort?.abort()
    this.loading = false
    this.busy = false
  }

  /**
   * Loads the data, aborting a load still in flight; `fresh` forgets the
   * data shown meanwhile (another client, another ad) so nothing stale can
   * be read or edited under the new one's name.
   */
  async load({ fresh = false } = {}): Promise<void> {
    this.loadAbort?.abort()
    const abort = new AbortController()
    this.loadAbort = abort
    if (fresh) this.data = undefined
    this.loading = true
    this.host.requestUpdate()
    try {
      const data = await this.loader(abort.signal)
      if (abort.signal.aborted) return
      this.data = data
      this.problem = ''
    } catch (error) {
      if (abort.signal.aborted) return
      this.problem = (error as Error).message
    } finally {
      if (this.loadAbort === abort) {
        this.loading = false
        this.loadAbort = undefined
        this.host.requestUpdate()
      }
    }
  }

  /**
   * Runs an action (a write): clears the last notice and refusal, and on
   * success shows what `work` returns and loads again unless `reload` is
   * false. A refusal's messages go beside their fields, and focus to the
   * first field marked, whose message it announces. Resolves true when the
   * action succeeded; false when refused, aborted, or another was running.
   */
  async act(work: ConsoleWork, { reload = true } = {}): Promise<boolean> {
    if (this.busy) return false
    const abort = new AbortController()
    this.actAbort = abort
    this.busy = true
    this.notice = ''
    this.problem = ''
    this.host.requestUpdate()
    try {
      const notice = await work(abort.signal)
      if (abort.signal.aborted) return false
      this.errors = {}
      this.notice = notice ?? ''
    } catch (error) {
      if (abort.signal.aborted) return false
      this.errors = error instanceof ConsoleApiError ? error.fields : {}
      this.problem = (error as Error).message
      this.host.requestUpdate()
      await this.host.updateComplete
      this.host.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
      return false
    } finally {
      this.busy = false
      if (this.actAbort === abort) this.actAbort = undefined
      this.host.requestUpdate()
    }
    if (reload) await this.load()
    return true
  }

  /**
   * The refusal as a `role="alert"` line: its sentence, or, when its
   * fields carry the detail beside them, `fieldsSummary` (nothing unless given).
   */
  alert(fieldsSummary = ''): TemplateResult | typeof nothing {
    const text = Object.keys(this.errors).length > 0 ? fieldsSummary : this.problem
    return text ? html`<p role="alert">${text}</p>` : nothing
  }

  /**
   * The data as `render` shows it once loaded; until then `loadingWords`
   * while the load runs, or, when it failed, its sentence and a "Try
   * again" button, so no page is left saying it is loading. A page that
   * shows {@link alert} already passes `alerted` so the sentence is not said twice.
   *
   * @example
   * ${this.keys.alert()} ${this.keys.view('Loading keys…', (keys) => table(keys), { alerted: true })}
   */
  view(
    loadingWords: string,
    render: (data: T) => TemplateResult | typeof nothing,
    { alerted = false } = {},
  ): TemplateResult | typeof nothing {
    if (this.data !== undefined) return render(this.data)
    if (this.loading || !this.problem) return loadingWords ? html`<p>${loadingWords}</p>` : nothing
    return html`<p class="load-failed">
      ${alerted ? nothing : html`<span role="alert">${this.problem}</span>`}
      <button type="button" @click=${() => void this.load()}>Try again</button>
    </p>`
  }

  /** The last action's notice as a `role="status"` line. */
  status(): TemplateResult | typeof nothing {
    return this.notice ? html`<p role="status">${this.notice}</p>` : nothing
  }
}
