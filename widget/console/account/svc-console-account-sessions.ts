/**
 * @module `<svc-console-account-sessions>`: the account page's "Where you
 * are signed in": each live session of the person at svc as "Chrome on
 * Windows" (named by the server from the User-Agent at sign-in, which is
 * shown small beneath it), when it signed in and was last active (to the
 * minute), the one this page runs in marked "This device"; a Sign out on
 * each other one and "Sign out of all other sessions", each asked first
 * (two sessions of the same name are told apart by their times).
 * No place is shown: svc keeps no IP address to guess one from. It loads
 * and acts on its own (`/account/sessions`), so the rest of the page is
 * not reloaded when a session ends (the other sections only drop their
 * last lines, through `account-changed`); the words are the page's.
 */
import { css, html, LitElement, nothing, type TemplateResult } from 'lit'
import type { ConsoleAccountSession, ConsoleAccountSessions, ConsoleOtherSessionsEnded } from '../../../shared/console-wire.js'
import { consoleApi } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { consoleStyles } from '../console-styles.js'
import { type AccountWords, sayText } from './account-words.js'

/**
 * The sessions section of the account page.
 *
 * @summary `<svc-console-account-sessions .words=${words} .locale=${locale}>`
 */
export class SvcConsoleAccountSessions extends LitElement {
  static override styles = [
    consoleStyles,
    css`
      .sessions {
        list-style: none;
        padding: 0;
        margin: 0 0 1rem;
      }
      .session {
        display: flex;
        flex-wrap: wrap;
        align-items: flex-start;
        gap: 0.5rem 1rem;
        padding: 0.75rem 0;
        border-bottom: 1px solid #d0d7de;
      }
      .about {
        flex: 1 1 16rem;
        min-width: 0;
      }
      .device {
        font-weight: 600;
      }
      .this-device {
        display: inline-block;
        margin-inline-start: 0.5rem;
        padding: 0 0.5rem;
        border-radius: 1rem;
        background: #dafbe1;
        color: #116329;
        font-size: 0.85rem;
        font-weight: 600;
      }
      /* A User-Agent header is one long word of up to 512 characters: it wraps anywhere and shows two lines at most. */
      .user-agent {
        overflow-wrap: anywhere;
        display: -webkit-box;
        -webkit-box-orient: vertical;
        -webkit-line-clamp: 2;
        line-clamp: 2;
        overflow: hidden;
        margin: 0.15rem 0;
      }
      .times {
        display: flex;
        flex-wrap: wrap;
        gap: 0 1.25rem;
        margin: 0.25rem 0 0;
      }
      .times div {
        display: flex;
        gap: 0.35rem;
      }
      .times dt {
        color: #57606a;
      }
      .times dd {
        margin: 0;
      }
    `,
  ]

  static override properties = { words: { attribute: false }, locale: { attribute: false } }
  declare words: AccountWords
  declare locale: string
  private readonly sessions = new ConsoleDataController(this, (signal) =>
    consoleApi<ConsoleAccountSessions>('GET', '/account/sessions', { signal }),
  )

  override connectedCallback(): void {
    super.connectedCallback()
    void this.sessions.load()
  }

  /**
   * Another section of the page changed the account: this section's last
   * line no longer describes what is shown, so it goes, and what it shows
   * is loaded again.
   */
  othersChanged(): void {
    this.sessions.notice = ''
    this.sessions.problem = ''
    this.sessions.errors = {}
    void this.sessions.load()
  }

  /** This section changed the account: the page tells the other sections. */
  private changed(): void {
    this.dispatchEvent(new CustomEvent('account-changed', { bubbles: true, composed: true }))
  }

  /** "Chrome on Windows", or as much of it as is known. */
  private deviceName(session: ConsoleAccountSession): string {
    const browser = session.browser ?? this.words.unknownBrowser
    return session.system ? sayText(this.words.deviceOn, { browser, system: session.system }) : browser
  }

  /** The time to the minute; `precise`, to the second (two sessions of one name may begin within a minute). */
  private when(iso: string, precise = false): string {
    return new Date(iso).toLocaleString(this.locale, { dateStyle: 'medium', timeStyle: precise ? 'medium' : 'short' })
  }

  /** Whether another session has the same name: then its times, to the second, tell them apart. */
  private hasTwin(session: ConsoleAccountSession, sessions: readonly ConsoleAccountSession[]): boolean {
    const device = this.deviceName(session)
    return sessions.some((other) => other.id !== session.id && this.deviceName(other) === device)
  }

  /**
   * The device's name, and when another session has the same name (two
   * "Chrome on Linux"), its times too: the confirmation and the button then
   * say which one.
   */
  private deviceLabel(session: ConsoleAccountSession, sessions: readonly ConsoleAccountSession[]): string {
    const device = this.deviceName(session)
    if (!this.hasTwin(session, sessions)) return device
    return sayText(this.words.deviceWithTimes, {
      device,
      signedIn: this.when(session.signed_in_at, true),
      lastActive: this.when(session.last_active_at, true),
    })
  }

  private signOut(session: ConsoleAccountSession, sessions: readonly ConsoleAccountSession[]): void {
    const device = this.deviceLabel(session, sessions)
    if (!confirm(sayText(this.words.signOutSessionConfirm, { device }))) return
    void this.sessions
      .act(async (signal) => {
        await consoleApi('DELETE', `/account/sessions/${session.id}`, { signal })
        return sayText(this.words.sessionSignedOut, { device })
      })
      .then((done) => done && this.changed())
  }

  private signOutOthers(): void {
    if (!confirm(this.words.signOutOthersConfirm)) return
    void this.sessions
      .act(async (signal) => {
        await consoleApi<ConsoleOtherSessionsEnded>('POST', '/account/sessions/sign-out-others', { body: {}, signal })
        return this.words.otherSessionsSignedOut
      })
      .then((done) => done && this.changed())
  }

  private row(session: ConsoleAccountSession, sessions: readonly ConsoleAccountSession[]): TemplateResult {
    const words = this.words
    const device = this.deviceName(session)
    const precise = this.hasTwin(session, sessions)
    return html`<li class="session">
      <div class="about">
        <div class="device">
          <bdi>${device}</bdi>${session.current ? html`<span class="this-device">${words.thisDevice}</span>` : nothing}
        </div>
        ${session.user_agent ? html`<div class="hint user-agent" dir="ltr">${session.user_agent}</div>` : nothing}
        <dl class="times">
          <div>
            <dt>${words.signedInLabel}</dt>
            <dd>${this.when(session.signed_in_at, precise)}</dd>
          </div>
          <div>
            <dt>${words.lastActiveLabel}</dt>
            <dd>${this.when(session.last_active_at, precise)}</dd>
          </div>
        </dl>
      </div>
      ${
        session.current
          ? nothing
          : html`<button
              type="button"
              class="danger"
              aria-label=${sayText(words.signOutSession, { device: this.deviceLabel(session, sessions) })}
              @click=${() => this.signOut(session, sessions)}
            >
              ${words.signOutOtherSession}
            </button>`
      }
    </li>`
  }

  override render(): TemplateResult {
    const words = this.words
    return html`<h2 class="section" id="sessions">${words.sessionsHeading}</h2>
      <p>${words.sessionsIntro}</p>
      ${this.sessions.status()} ${this.sessions.alert()}
      ${this.sessions.view(
        '…',
        ({ sessions }) =>
          html`<ul class="sessions" aria-labelledby="sessions">
              ${sessions.map((session) => this.row(session, sessions))}
            </ul>
            ${
              sessions.some((session) => !session.current)
                ? html`<button type="button" class="danger" @click=${this.signOutOthers}>${words.signOutOthers}</button>`
                : html`<p>${words.onlyThisSession}</p>`
            }`,
        { alerted: true },
      )}`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-account-sessions': SvcConsoleAccountSessions
  }
}

if (!customElements.get('svc-console-account-sessions')) customElements.define('svc-console-account-sessions', SvcConsoleAccountSessions)
