/**
 * @module `<svc-console-signing-keys>`: the operator's view of the
 * identity provider's signing keys, with their ages and states, and
 * rotating. "Rotate" publishes a new key now and signs with it once
 * relying parties' cached key sets have expired, so nobody is signed out;
 * the emergency action (a leaked key), set apart below the table, signs
 * with a new key at once and withdraws every earlier one.
 */
import { html, LitElement, nothing, type TemplateResult } from 'lit'
import type { ConsoleRotation, ConsoleSigningKey, ConsoleSigningKeyList, ConsoleSigningKeyState } from '../../../shared/console-wire.js'
import { consoleApi } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { consoleStyles } from '../console-styles.js'
import { readableTime } from '../../../shared/local-date-time.js'

/** Each state in words, with the time that matters for it. */
const STATE_TEXT: Record<ConsoleSigningKeyState, (key: ConsoleSigningKey) => string> = {
  next: (key) => `Next: published, signs from ${readableTime(key.signs_from)}`,
  signing: (key) => (key.retired_at ? `Signing until ${readableTime(key.retired_at)}` : 'Signing'),
  retired: (key) => `Retired: published until ${readableTime(key.published_until!)}`,
  expired: () => 'Expired: no longer published',
  withdrawn: (key) => `Withdrawn ${readableTime(key.withdrawn_at!)} (emergency): no longer published`,
}

/**
 * The signing keys page.
 *
 * @summary `<svc-console-signing-keys>`
 */
export class SvcConsoleSigningKeys extends LitElement {
  static override styles = consoleStyles
  private readonly keys = new ConsoleDataController(this, (signal) => consoleApi<ConsoleSigningKeyList>('GET', '/signing-keys', { signal }))

  override connectedCallback(): void {
    super.connectedCallback()
    void this.keys.load()
  }

  private rotate(emergency: boolean): void {
    if (emergency) {
      const question =
        'Sign with a new key at once and withdraw every earlier key? Only for a leaked key: applications that cached the key set fail to verify new sign-ins until they fetch it again, which can sign users out.'
      if (!confirm(question)) return
    }
    void this.keys.act(async (signal) => {
      const { kid, signs_from, created } = await consoleApi<ConsoleRotation>('POST', '/signing-keys/rotate', {
        body: { emergency },
        signal,
      })
      return emergency
        ? `New signing key ${kid} signs now; every earlier key was withdrawn from the key set.`
        : created
          ? `New signing key ${kid} is published and starts signing at ${readableTime(signs_from)}.`
          : `Key ${kid} is already published and starts signing at ${readableTime(signs_from)}; nothing changed.`
    })
  }

  override render(): TemplateResult {
    const keys = this.keys.data?.keys
    const waiting = keys?.some((key) => key.state === 'next')
    return html`
      <h1>Signing keys</h1>
      <p class="hint">
        A new key is published every 90 days and starts signing ${hours(this.keys.data?.key_set_cache_seconds ?? 0)} later, once
        applications' cached key sets have expired; a retired key stays published for 91 days so that what it signed keeps verifying.
      </p>
      ${this.keys.status()} ${this.keys.alert()}
      <p>
        <button type="button" class="primary" @click=${() => this.rotate(false)} ?disabled=${waiting}>Rotate</button>
        ${waiting ? html`<span class="hint">A new key is already waiting to sign.</span>` : nothing}
      </p>
      ${
        keys === undefined
          ? this.keys.view('Loading keys…', () => nothing, { alerted: true })
          : html`<table class="stacked">
              <thead>
                <tr>
                  <th scope="col">Key id</th>
                  <th scope="col">Published</th>
                  <th scope="col">Age</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                ${keys.map(
                  (key) =>
                    html`<tr>
                      <td data-label="Key id"><code>${key.kid}</code></td>
                      <td data-label="Published">${readableTime(key.created_at)}</td>
                      <td data-label="Age">${key.age_days} days</td>
                      <td data-label="State">${STATE_TEXT[key.state](key)}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`
      }
      <section aria-labelledby="emergency-heading" class="danger-zone">
        <h2 id="emergency-heading">Emergency: a leaked key</h2>
        <p class="hint">
          Signs with a new key at once and withdraws every earlier key from the key set, so nothing a leaked key signs verifies any more.
          Applications that cached the key set fail to verify new sign-ins until they fetch it again, which can sign users out.
        </p>
        <button type="button" class="danger" @click=${() => this.rotate(true)}>Sign with a new key now</button>
      </section>
    `
  }
}

/** `6 hours`, `1 hour`, `90 seconds`. */
function hours(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`
  return `${seconds} seconds`
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-signing-keys': SvcConsoleSigningKeys
  }
}

if (!customElements.get('svc-console-signing-keys')) customElements.define('svc-console-signing-keys', SvcConsoleSigningKeys)
