/**
 * @module `<svc-console-client-detail>`: one client in the developer
 * portal: its registration (name, redirect URIs, links) to edit, its
 * webhook URL, webhook secret rotation (a new secret signs beside the old
 * until the old is removed), the delivery log with each attempt,
 * replaying one delivery or every dead one, and deleting the client.
 * Changing `client-id` aborts the load of the client shown before.
 */
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit'
import type {
  ConsoleClientChange,
  ConsoleClientDetail,
  ConsoleDeadReplayed,
  ConsoleDelivery,
  ConsoleWebhookSaved,
  ConsoleWebhookSecretAdded,
} from '../../../shared/console-wire.js'
import { consoleApi } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { backchannelLogoutFields, clientFormFields, clientFormValues, heldBackForLongAddress } from './client-form-fields.js'
import { deliveriesTable } from './client-deliveries.js'
import { field, fieldsSummary } from '../console-field.js'
import { counted } from '../console-words.js'
import { consoleStyles } from '../console-styles.js'
import { shownOnce } from '../shown-once.js'
import { readableTime } from '../../../shared/local-date-time.js'
import { CLIENT_URI_MAX } from '../../../shared/field-limits.js'
import { TypedLengths } from '../typed-lengths.js'

/**
 * One client's page.
 *
 * @summary `<svc-console-client-detail client-id="cli_…">`
 */
export class SvcConsoleClientDetail extends LitElement {
  static override styles = consoleStyles
  static override properties = { clientId: { attribute: 'client-id' }, secrets: { state: true }, deleted: { state: true } }
  declare clientId: string
  declare secrets: Record<string, string>
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
    this.deleted = ''
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('clientId')) return
    // Another client: nothing of the one before may stay on screen.
    this.secrets = {}
    this.deleted = ''
    this.detail.notice = ''
    void this.detail.load({ fresh: true })
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
    void this.detail.act(
      async (signal) => {
        await consoleApi('DELETE', this.path, { signal })
        this.deleted = name
      },
      { reload: false },
    )
  }

  private saveWebhook(event: Event): void {
    event.preventDefault()
    const url = new FormData(event.target as HTMLFormElement).get('webhook_url')
    this.secrets = {}
    void this.detail.act(async (signal) => {
      const answer = await consoleApi<ConsoleWebhookSaved>('PUT', `${this.path}/webhook`, { body: { webhook_url: url }, signal })
      this.secrets = answer.webhook_secret ? { 'Webhook secret': answer.webhook_secret } : {}
      return 'Webhook URL saved.'
    })
  }

  private rotateSecret(): void {
    this.secrets = {}
    void this.detail.act(async (signal) => {
      const { webhook_secret } = await consoleApi<ConsoleWebhookSecretAdded>('POST', `${this.path}/webhook-secrets`, { body: {}, signal })
      this.secrets = { 'New webhook secret': webhook_secret }
    })
  }

  private removeSecret(secret: SecretListed): void {
    const question = `Remove secret ${secret.number} (fingerprint ${secret.fingerprint})? Deliveries stop carrying its signature at once, so a receiver still checking only this secret rejects them.`
    if (!confirm(question)) return
    this.secrets = {}
    void this.detail.act(async (signal) => {
      await consoleApi('DELETE', `${this.path}/webhook-secrets/${secret.id}`, { signal })
      return `Secret ${secret.number} removed.`
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
    const secrets = detail.webhook_secrets
    return html`
      <p><a href="/console/clients">← All clients</a></p>
      <h1 dir="auto">${client.name}</h1>
      <p>
        <code>${client.client_id}</code> ·
        ${client.public ? 'Public (PKCE)' : 'Confidential'}${client.application_type === 'native' ? ' · Native app' : ''}
      </p>
      ${shownOnce(this.secrets)} ${this.detail.status()} ${this.detail.alert(fieldsSummary(errors))}
      <h2>Registration</h2>
      <form class="panel register-client" aria-label="Registration" @submit=${this.saveRegistration}>
        ${clientFormFields({ values: clientFormValues(client), errors, webhook: false, prefix: 'edit-', lengths: this.lengths })}
        <button type="submit" class="primary">Save registration</button>
      </form>
      <h2 class="section">Webhooks</h2>
      <form class="inline-form" aria-label="Webhook URL" @submit=${this.saveWebhook}>
        ${field(
          {
            id: 'webhook_url',
            label: 'Webhook URL',
            error: errors.webhook_url,
            say: { apiNames: ['webhook_url'], words: 'The webhook URL' },
          },
          (a) =>
            html`<input
              id=${a.id}
              name="webhook_url"
              dir="auto"
              maxlength=${CLIENT_URI_MAX}
              .value=${client.webhook_url ?? ''}
              aria-invalid=${a.invalid}
              aria-describedby=${a.describedBy}
            />`,
        )}
        <button type="submit">Save</button>
      </form>
      <h3>Signing secrets</h3>
      <p class="hint">
        Rotate: add a new secret (both sign every delivery), update your receiver, then remove the old one. A fingerprint is the first 8 hex
        digits of the secret's SHA-256.
      </p>
      <ul class="secrets">
        ${secrets.map(
          (secret, index) =>
            html`<li>
              Secret ${secret.number} · fingerprint <code>${secret.fingerprint}</code> · added ${readableTime(secret.created_at)}
              ${index === 0 && secrets.length > 1 ? html`<span class="hint">(oldest)</span>` : nothing}
              ${
                secrets.length > 1
                  ? html`<button
                      type="button"
                      class="danger"
                      aria-label="Remove secret ${secret.number}"
                      @click=${() => this.removeSecret(secret)}
                    >
                      Remove
                    </button>`
                  : nothing
              }
            </li>`,
        )}
      </ul>
      <button type="button" @click=${this.rotateSecret}>Rotate secret</button>
      <h3 class="section">Deliveries</h3>
      <p>
        <button type="button" @click=${this.replayDead}>Replay all dead</button>
        <button type="button" @click=${() => this.detail.load()}>Refresh</button>
      </p>
      ${deliveriesTable(detail.deliveries, (delivery) => this.replay(delivery))}
      <section aria-labelledby="delete-client-heading" class="danger-zone">
        <h2 id="delete-client-heading">Delete this client</h2>
        <p class="hint">Signs everyone out of it (its tokens are revoked), stops its webhooks, and cannot be undone.</p>
        <button type="button" class="danger" @click=${() => this.deleteClient(client.name)}>Delete client</button>
      </section>
    `
  }
}

type SecretListed = ConsoleClientDetail['webhook_secrets'][number]

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-client-detail': SvcConsoleClientDetail
  }
}

if (!customElements.get('svc-console-client-detail')) customElements.define('svc-console-client-detail', SvcConsoleClientDetail)
