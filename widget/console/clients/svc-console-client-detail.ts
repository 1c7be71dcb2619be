/**
 * @module `<svc-console-client-detail>`: one client in the developer
 * portal: its registration (name, redirect URIs, links) to edit, its
 * webhook endpoints (add, edit, disable and enable, recover what failed
 * since a time, with a banner for one the sender disabled for failing;
 * remove, and per
 * endpoint show and rotate its signing secret: a new secret signs beside
 * the old until the old is removed; send it a test event; a warning when
 * the sender will refuse its address), the delivery log with each attempt
 * and its endpoint, each delivery's attempts in full, replaying one
 * delivery or every dead one, and deleting the client.
 * Changing `client-id` aborts the load of the client shown before.
 */
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit'
import type {
  ConsoleClientChange,
  ConsoleClientDetail,
  ConsoleDeadReplayed,
  ConsoleDelivery,
  ConsoleDeliveryDetail,
  ConsoleTestEventSent,
  ConsoleWebhookEndpoint,
  ConsoleWebhookEndpointAdded,
  ConsoleWebhookEndpointSaved,
  ConsoleWebhookRecovery,
  ConsoleWebhookSecret,
  ConsoleWebhookSecretAdded,
} from '../../../shared/console-wire.js'
import { consoleApi } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { backchannelLogoutFields, clientFormFields, clientFormValues, heldBackForLongAddress } from './client-form-fields.js'
import { deliveriesTable, deliveryStyles } from './client-deliveries.js'
import { fieldsSummary } from '../console-field.js'
import { endpointForm, endpointFormBody, endpointList, endpointStyles, failingBanners, recoverForm } from './client-webhook-endpoints.js'
import { utcOfLocalInput } from '../../../shared/local-date-time.js'
import { counted } from '../console-words.js'
import { consoleStyles } from '../console-styles.js'
import { shownOnce } from '../shown-once.js'
import { TypedLengths } from '../typed-lengths.js'

/** What an action on one endpoint did: its words, and whether it failed (shown as an alert, not in green). */
interface EndpointOutcome {
  endpointId: string
  text: string
  failed: boolean
}

/** How long "Send test event" waits for the first attempt before leaving it to the log, and how often it looks. */
const TEST_EVENT_WAIT_MS = 12_000
const TEST_EVENT_POLL_MS = 500

/**
 * One client's page.
 *
 * @summary `<svc-console-client-detail client-id="cli_…">`
 */
export class SvcConsoleClientDetail extends LitElement {
  static override styles = [consoleStyles, endpointStyles, deliveryStyles]
  static override properties = {
    clientId: { attribute: 'client-id' },
    secrets: { state: true },
    deleted: { state: true },
    editing: { state: true },
    recovering: { state: true },
    warnings: { state: true },
    outcome: { state: true },
  }
  declare clientId: string
  /** The id of the endpoint whose form is open, or ''. */
  declare editing: string
  /** The id of the endpoint whose recovery form is open, or ''. */
  declare recovering: string
  declare secrets: Record<string, string>
  /** The address guard's warnings the last saves answered, by endpoint id. */
  declare warnings: Record<string, string>
  /** What the last action on an endpoint did, shown in that endpoint's panel beside its buttons, not ~1,700 px above. */
  declare outcome: EndpointOutcome | undefined
  /** The endpoint whose new secret `secrets` holds, shown in its panel; '' for the page's. */
  private secretsOf = ''
  /** Whether the link's anchor (the mail's, to a failing banner) was followed once the page showed it. */
  private anchorFollowed = false
  /** The name of the client just deleted, once it is. */
  declare deleted: string
  private readonly lengths = new TypedLengths(this)
  private readonly detail = new ConsoleDataController(this, (signal) =>
    consoleApi<ConsoleClientDetail>('GET', `/clients/${this.clientId}`, { signal }),
  )

  constructor() {
    super()
    this.clientId = ''
    this.secrets = {}
    this.warnings = {}
    this.deleted = ''
    this.editing = ''
    this.recovering = ''
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('clientId')) return
    // Another client: nothing of the one before may stay on screen.
    this.secrets = {}
    this.warnings = {}
    this.outcome = undefined
    this.anchorFollowed = false
    this.deleted = ''
    this.detail.notice = ''
    void this.detail.load({ fresh: true })
  }

  protected override updated(): void {
    if (this.anchorFollowed || !this.detail.data) return
    this.anchorFollowed = true
    // A fragment cannot reach into the shadow root by itself: the mail's link names a failing banner.
    const id = decodeURIComponent(location.hash.slice(1))
    const target = id ? this.renderRoot.querySelector<HTMLElement>(`#${CSS.escape(id)}`) : null
    if (!target) return
    target.scrollIntoView({ block: 'start' })
    target.focus({ preventScroll: true })
  }

  override connectedCallback(): void {
    super.connectedCallback()
    // Back in the page (the element moved): load again what a disconnect aborted.
    if (this.hasUpdated) void this.detail.load()
  }

  /** The client's path under the API, for its actions. */
  private get path(): string {
    return `/clients/${this.clientId}`
  }

  private saveRegistration(event: Event): void {
    event.preventDefault()
    if (heldBackForLongAddress(event.target as HTMLFormElement)) return
    const form = new FormData(event.target as HTMLFormElement)
    this.outcome = undefined
    const change: ConsoleClientChange = {
      name: form.get('name'),
      application_type: form.get('application_type'),
      redirect_uris: form.get('redirect_uris'),
      post_logout_redirect_uris: form.get('post_logout_redirect_uris'),
      privacy_policy_url: form.get('privacy_policy_url'),
      terms_of_service_url: form.get('terms_of_service_url'),
      logo_uri: form.get('logo_uri'),
      ...backchannelLogoutFields(form),
    }
    this.secrets = {}
    void this.detail.act(async (signal) => {
      await consoleApi('PUT', this.path, { body: change, signal })
      return 'Registration saved.'
    })
  }

  private deleteClient(name: string): void {
    const question = `Delete the client ${name}? Everyone signed in to it is signed out (its tokens are revoked), its webhooks stop, and this cannot be undone.`
    if (!confirm(question)) return
    this.secrets = {}
    this.secretsOf = ''
    void this.detail.act(
      async (signal) => {
        await consoleApi('DELETE', this.path, { signal })
        this.deleted = name
      },
      { reload: false },
    )
  }

  private endpointPath(endpoint: ConsoleWebhookEndpoint): string {
    return `${this.path}/webhook-endpoints/${endpoint.id}`
  }

  private addEndpoint(event: Event): void {
    event.preventDefault()
    const form = event.target as HTMLFormElement
    const body = endpointFormBody(new FormData(form))
    this.secrets = {}
    this.secretsOf = ''
    this.outcome = undefined
    void this.detail
      .act(async (signal) => {
        const made = await consoleApi<ConsoleWebhookEndpointAdded>('POST', `${this.path}/webhook-endpoints`, { body, signal })
        // The new endpoint's secret and outcome go in its panel, just above this form.
        this.secretsOf = made.endpoint.id
        this.secrets = { 'Signing secret of the new endpoint': made.webhook_secret }
        this.outcome = { endpointId: made.endpoint.id, text: 'Endpoint added.', failed: false }
        this.warn(made.endpoint.id, made.warning)
        form.reset()
      })
      .then(async (added) => {
        if (!added || !this.outcome) return
        await this.updateComplete
        this.renderRoot.querySelector<HTMLElement>(`#outcome-${CSS.escape(this.outcome.endpointId)}`)?.focus()
      })
  }

  private saveEndpoint(event: Event, endpoint: ConsoleWebhookEndpoint): void {
    event.preventDefault()
    const body = endpointFormBody(new FormData(event.target as HTMLFormElement))
    void this.actOnEndpoint(endpoint, async (signal) => {
      const saved = await consoleApi<ConsoleWebhookEndpointSaved>('PUT', this.endpointPath(endpoint), { body, signal })
      this.warn(endpoint.id, saved.warning)
      this.editing = ''
      return { text: 'Endpoint saved.' }
    })
  }

  /** Keeps (or, saved without one, clears) the warning shown beside an endpoint. */
  private warn(endpointId: string, warning: string | undefined): void {
    const { [endpointId]: _old, ...others } = this.warnings
    this.warnings = warning === undefined ? others : { ...others, [endpointId]: warning }
  }

  /**
   * Runs an action on one endpoint and shows its outcome in that
   * endpoint's panel, beside the button pressed: its words, or the
   * refusal as an alert. `work` answers its words, and whether they tell
   * of a failure (a test event the receiver refused).
   */
  private async actOnEndpoint(
    endpoint: ConsoleWebhookEndpoint,
    work: (signal: AbortSignal) => Promise<{ text: string; failed?: boolean } | undefined>,
    { reload = true } = {},
  ): Promise<void> {
    this.outcome = undefined
    this.secrets = {}
    this.secretsOf = endpoint.id
    let done: { text: string; failed?: boolean } | undefined
    const ok = await this.detail.act(async (signal) => {
      done = await work(signal)
    }, { reload })
    const refusal = this.detail.problem
    if (ok && done) this.outcome = { endpointId: endpoint.id, text: done.text, failed: done.failed ?? false }
    else if (!ok && refusal) {
      // The refusal belongs beside the button, not in the page's alert far above it.
      this.detail.problem = ''
      this.outcome = { endpointId: endpoint.id, text: refusal, failed: true }
    }
    if (!this.outcome) return
    // An action that closed its form (recover) took the focus with it: give it to the outcome.
    await this.updateComplete
    const active = this.renderRoot instanceof ShadowRoot ? this.renderRoot.activeElement : null
    if (!active) this.renderRoot.querySelector<HTMLElement>(`#outcome-${CSS.escape(endpoint.id)}`)?.focus()
  }

  /** The outcome of the last action on `endpoint`, under its buttons. */
  private outcomeOf(endpoint: ConsoleWebhookEndpoint): TemplateResult | typeof nothing {
    const secrets = this.secretsOf === endpoint.id ? shownOnce(this.secrets) : nothing
    const outcome = this.outcome?.endpointId === endpoint.id ? this.outcome : undefined
    if (!outcome) return secrets
    const line = outcome.failed
      ? html`<p class="outcome" id="outcome-${endpoint.id}" tabindex="-1" role="alert">${outcome.text}</p>`
      : html`<p class="outcome" id="outcome-${endpoint.id}" tabindex="-1" role="status">${outcome.text}</p>`
    return html`${line}${secrets}`
  }

  /**
   * Sends a test event and waits a little for its first attempt to settle,
   * to say how it went; a slower one is left to the log.
   */
  private async testEndpoint(endpoint: ConsoleWebhookEndpoint, signal: AbortSignal): Promise<{ text: string; failed: boolean }> {
    const { delivery_id } = await consoleApi<ConsoleTestEventSent>('POST', `${this.endpointPath(endpoint)}/test`, { body: {}, signal })
    for (let waited = 0; waited < TEST_EVENT_WAIT_MS; waited += TEST_EVENT_POLL_MS) {
      await new Promise((resolve) => setTimeout(resolve, TEST_EVENT_POLL_MS))
      const { attempts } = await consoleApi<ConsoleDeliveryDetail>('GET', `${this.path}/deliveries/${delivery_id}`, { signal })
      const [first] = attempts
      if (!first) continue
      if (first.error === null)
        return { text: `Test event delivered to ${endpoint.url}: answered ${first.status_code} in ${first.duration_ms} ms.`, failed: false }
      return { text: `Test event to ${endpoint.url} failed: ${first.error}. Its retries and details are in the delivery log below.`, failed: true }
    }
    return { text: `Test event queued for ${endpoint.url}; see the delivery log below for its attempts.`, failed: false }
  }

  private readonly endpointActions = {
    test: (endpoint: ConsoleWebhookEndpoint) => {
      void this.actOnEndpoint(endpoint, (signal) => this.testEndpoint(endpoint, signal))
    },
    edit: (endpoint: ConsoleWebhookEndpoint) => {
      this.editing = this.editing === endpoint.id ? '' : endpoint.id
    },
    toggle: (endpoint: ConsoleWebhookEndpoint) => {
      void this.actOnEndpoint(endpoint, async (signal) => {
        await consoleApi('POST', `${this.endpointPath(endpoint)}/${endpoint.enabled ? 'disable' : 'enable'}`, { body: {}, signal })
        return { text: endpoint.enabled ? 'Endpoint disabled: it receives no new events.' : 'Endpoint enabled.' }
      })
    },
    recover: (endpoint: ConsoleWebhookEndpoint) => {
      this.recovering = this.recovering === endpoint.id ? '' : endpoint.id
      // The banner's button opens the form inside the endpoint's card, which may be far down a narrow screen.
      if (this.recovering) void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLInputElement>(`#recover-${CSS.escape(endpoint.id)}-since`)?.focus())
    },
    remove: (endpoint: ConsoleWebhookEndpoint) => {
      const question = `Remove the endpoint ${endpoint.url}? Its signing secrets and its deliveries go with it, deliveries not yet sent are dropped, and this cannot be undone.`
      if (!confirm(question)) return
      this.secrets = {}
      void this.detail.act(async (signal) => {
        await consoleApi('DELETE', this.endpointPath(endpoint), { signal })
        return 'Endpoint removed.'
      })
    },
    rotate: (endpoint: ConsoleWebhookEndpoint) => {
      void this.actOnEndpoint(endpoint, async (signal) => {
        const { webhook_secret } = await consoleApi<ConsoleWebhookSecretAdded>('POST', `${this.endpointPath(endpoint)}/secrets`, { body: {}, signal })
        this.secrets = { 'New webhook secret': webhook_secret }
        return undefined
      })
    },
    reveal: (endpoint: ConsoleWebhookEndpoint, secret: ConsoleWebhookSecret) => {
      void this.actOnEndpoint(
        endpoint,
        async (signal) => {
          const { webhook_secret } = await consoleApi<ConsoleWebhookSecretAdded>('POST', `${this.endpointPath(endpoint)}/secrets/${secret.id}/reveal`, {
            body: {},
            signal,
          })
          this.secrets = { [`Secret ${secret.number} of ${endpoint.url}`]: webhook_secret }
          return undefined
        },
        { reload: false },
      )
    },
    removeSecret: (endpoint: ConsoleWebhookEndpoint, secret: ConsoleWebhookSecret) => {
      const question = `Remove secret ${secret.number} (fingerprint ${secret.fingerprint})? Deliveries stop carrying its signature at once, so a receiver still checking only this secret rejects them.`
      if (!confirm(question)) return
      void this.actOnEndpoint(endpoint, async (signal) => {
        await consoleApi('DELETE', `${this.endpointPath(endpoint)}/secrets/${secret.id}`, { signal })
        return { text: `Secret ${secret.number} removed.` }
      })
    },
  }

  /** Enables a disabled endpoint (recovering since `localSince` unless empty), or recovers an enabled one. */
  private recover(endpoint: ConsoleWebhookEndpoint, localSince: string): void {
    const since = localSince === '' ? undefined : (utcOfLocalInput(localSince) ?? localSince)
    const body: ConsoleWebhookRecovery = since === undefined ? {} : { recover_since: since }
    void this.actOnEndpoint(endpoint, async (signal) => {
      const action = endpoint.enabled ? 'recover' : 'enable'
      const saved = await consoleApi<ConsoleWebhookEndpointSaved>('POST', `${this.endpointPath(endpoint)}/${action}`, { body, signal })
      this.recovering = ''
      const queued = saved.recovered_count === undefined ? '' : ` ${counted(saved.recovered_count, 'delivery', 'deliveries')} queued again, oldest first.`
      return { text: `${endpoint.enabled ? 'Recovery started.' : 'Endpoint enabled.'}${queued}` }
    })
  }

  private replayDead(): void {
    void this.detail.act(async (signal) => {
      const { replayed_count } = await consoleApi<ConsoleDeadReplayed>('POST', `${this.path}/deliveries/replay-dead`, { body: {}, signal })
      return `${counted(replayed_count, 'dead delivery', 'dead deliveries')} queued again.`
    })
  }

  private replay(delivery: ConsoleDelivery): void {
    void this.detail.act(async (signal) => {
      await consoleApi('POST', `${this.path}/deliveries/${delivery.id}/replay`, { body: {}, signal })
      return `Delivery ${delivery.id} queued again.`
    })
  }

  override render(): TemplateResult {
    if (this.deleted)
      return html`<p role="status">The client <span dir="auto">${this.deleted}</span> is deleted.</p>
        <p><a href="/console/clients">← All clients</a></p>`
    const detail = this.detail.data
    if (!detail) return html`${this.detail.problem ? this.detail.alert() : html`<p>Loading the client…</p>`}`
    const { client } = detail
    const { errors } = this.detail
    return html`
      <p><a href="/console/clients">← All clients</a></p>
      <h1 dir="auto">${client.name}</h1>
      <p>
        <code>${client.client_id}</code> ·
        ${client.public ? 'Public (PKCE)' : 'Confidential'}${client.application_type === 'native' ? ' · Native app' : ''}
      </p>
      ${failingBanners(detail.webhook_endpoints, (endpoint) => this.endpointActions.recover(endpoint))}
      ${this.secretsOf === '' ? shownOnce(this.secrets) : nothing} ${this.detail.status()} ${this.detail.alert(fieldsSummary(errors))}
      <h2>Registration</h2>
      <form class="panel register-client" aria-label="Registration" @submit=${this.saveRegistration}>
        ${clientFormFields({ values: clientFormValues(client), errors, webhook: false, prefix: 'edit-', lengths: this.lengths })}
        <button type="submit" class="primary">Save registration</button>
      </form>
      <h2 class="section">Webhooks</h2>
      <p class="hint">
        Each endpoint receives the events it subscribes to, signed with its own secret. Rotate: add a new secret (both sign every delivery),
        update your receiver, then remove the old one. A fingerprint is the first 8 hex digits of the secret's SHA-256.
      </p>
      ${endpointList(
        detail.webhook_endpoints,
        this.endpointActions,
        (endpoint) =>
          endpointForm({
            endpoint,
            events: detail.webhook_events,
            errors: this.editing === endpoint.id ? errors : {},
            prefix: `edit-${endpoint.id}-`,
            label: `Edit endpoint ${endpoint.url}`,
            submit: (event) => this.saveEndpoint(event, endpoint),
            cancel: () => {
              this.editing = ''
            },
          }),
        this.editing,
        {
          open: this.recovering,
          form: (endpoint) =>
            recoverForm(endpoint, {
              submit: (since) => this.recover(endpoint, since),
              cancel: () => {
                this.recovering = ''
              },
            }),
        },
        this.warnings,
        (endpoint) => this.outcomeOf(endpoint),
      )}
      <h3>Add an endpoint</h3>
      ${endpointForm({
        events: detail.webhook_events,
        errors: this.editing === '' ? errors : {},
        prefix: 'add-',
        label: 'Add endpoint',
        submit: (event) => this.addEndpoint(event),
      })}
      <h3 class="section">Deliveries</h3>
      <p>
        <button type="button" @click=${this.replayDead}>Replay all dead</button>
        <button type="button" @click=${() => this.detail.load()}>Refresh</button>
      </p>
      ${deliveriesTable(detail.deliveries, (delivery) => this.replay(delivery), detail.webhook_endpoints, client.client_id)}
      <section aria-labelledby="delete-client-heading" class="danger-zone">
        <h2 id="delete-client-heading">Delete this client</h2>
        <p class="hint">Signs everyone out of it (its tokens are revoked), stops its webhooks, and cannot be undone.</p>
        <button type="button" class="danger" @click=${() => this.deleteClient(client.name)}>Delete client</button>
      </section>
    `
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-client-detail': SvcConsoleClientDetail
  }
}

if (!customElements.get('svc-console-client-detail')) customElements.define('svc-console-client-detail', SvcConsoleClientDetail)
