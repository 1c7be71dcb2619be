/**
 * @module `<svc-signin>`: a "Sign in with svc" button for partner pages,
 * loaded from svc's `/sdk.js`. One click signs in through the browser's
 * Federated Credential Management (FedCM) in active mode (svc's login in
 * the browser's popup for a visitor signed out of svc), or the code flow in
 * a popup (a full-page redirect when popups are blocked) where FedCM is
 * missing or fails, and hands the partner an
 * id_token as the `svc-signin` event's credential, or POSTs it to
 * `login-uri`. Written without Lit to keep `/sdk.js` small.
 */
import { buttonText } from '../../shared/signin-texts.js'
import type { SvcCredentialResponse } from './sdk-types.js'
import { SCRIPT_ORIGIN } from '../script-origin.js'
import { requestFedcm, supportsActiveMode } from './fedcm-request.js'
import { authorizeByCode, type CodeAnswer, newPkce, REDIRECT_URI, redeemCode, takeRedirectAnswer } from './code-flow.js'

// The host sits at the top of its line rather than on the baseline: the plain button's baseline is its words',
// the framed "Continue as …" has none (an inline-block's is then its bottom edge), so on the baseline the
// partner's line grew by the font's descent when the button turned, moving what follows it down.
const STYLE = `
:host { display: inline-block; vertical-align: top }
:host([hidden]) { display: none !important }
button { font: 500 15px/1 system-ui, sans-serif; display: inline-flex; align-items: center; gap: .6rem; padding: 0 1rem; height: 40px; min-width: 100%;
  border-radius: 6px; border: 1px solid #d0d7de; background: #fff; color: #1f2328; cursor: pointer }
:host([theme="filled_blue"]) button { background: #0969da; border-color: #0969da; color: #fff }
:host([theme="filled_black"]) button { background: #1f2328; border-color: #1f2328; color: #fff }
:host([size="large"]) button { height: 48px; font-size: 16px }
:host([size="small"]) button { height: 32px; font-size: 13px }
:host([shape="pill"]) button { border-radius: 999px }
button:focus-visible { outline: 3px solid #0969da; outline-offset: 2px }
button[aria-busy="true"] { opacity: .7; cursor: progress }
[hidden] { display: none !important }
iframe { border: 0; width: 100%; height: 40px; display: block; color-scheme: normal }
.logo { width: 20px; height: 20px; border-radius: 5px; background: #0969da; color: #fff; font-size: 10px; display: grid; place-items: center; font-weight: 700 }`

/**
 * A sign-in button.
 *
 * @event svc-signin - Signed in; `detail.credential` is an id_token for `client-id` (with `response-type="code"`: `detail.code`, `code_verifier` and `redirect_uri` for the backend to redeem), `detail.select_by` says how.
 * @event svc-signin-error - Sign-in did not finish; `detail.reason` says why: `dismissed` (the visitor closed the browser's dialog or svc's login), `popup_closed`, svc's refusal (`unauthorized_client`, `access_denied`, …) or the token endpoint's error.
 * @csspart button - The sign-in button.
 *
 * @attr client-id - The partner's client id at svc (required).
 * @attr nonce - Bound into the id_token; the partner's backend checks it.
 * @attr response-type - `code` hands the partner's backend an authorization code (with its PKCE verifier) instead of an id_token.
 * @attr login-uri - When set, the credential is POSTed there as a form (`credential`, `nonce`) instead of only firing the event.
 * @attr theme - `outline` (default), `filled_blue` or `filled_black`.
 * @attr size - `small`, `medium` (default) or `large`.
 * @attr shape - `rectangular` (default) or `pill`.
 * @attr text - `signin_with` (default), `continue_with`, `signup_with` or `signin`.
 * @attr width - The button's width in pixels (at most 400), kept when it turns into "Continue as …"; without it that takes the width the plain button had (a long name ends in "…"), so the box never changes size.
 * @attr locale - BCP 47 language of the button (en, de, es, fr, it, nl, pt; pt-BR and a bare pt read Brazilian, pt-PT and other regions European); the page's language when absent.
 */
export class SvcSignin extends HTMLElement {
  static observedAttributes = ['text', 'width', 'locale']
  private readonly button: HTMLButtonElement
  /** The width the button had when svc's personalised button took its place, which keeps it (0: none yet). */
  private keptWidth = 0

  constructor() {
    super()
    const root = this.attachShadow({ mode: 'open' })
    const style = document.createElement('style')
    style.textContent = STYLE
    this.button = document.createElement('button')
    this.button.type = 'button'
    this.button.part.add('button')
    this.button.addEventListener('click', () => void this.signIn())
    root.append(style, this.button)
    this.render()
  }

  attributeChangedCallback(): void {
    this.render()
  }

  private render(): void {
    const logo = document.createElement('span')
    logo.className = 'logo'
    logo.setAttribute('aria-hidden', 'true')
    logo.textContent = 'svc'
    this.button.replaceChildren(logo, buttonText(this.locale, this.getAttribute('text')))
    const width = Number(this.getAttribute('width'))
    const kept = width > 0 ? Math.min(width, 400) : this.keptWidth
    this.style.width = kept > 0 ? `${kept}px` : ''
  }

  /**
   * Signs in; resolves once the event fired (or the credential was posted).
   * From a click, FedCM runs in active mode, so a visitor signed out of svc
   * signs in there in the browser's popup. Where FedCM or that mode is
   * missing, or without the click's activation (a popup would be blocked),
   * the code flow runs at once; when FedCM fails for any reason but the
   * visitor closing it, the code flow follows within the same click.
   */
  async signIn(): Promise<void> {
    const clientId = this.getAttribute('client-id')
    if (!clientId) return this.fail('client-id is missing')
    if (this.button.getAttribute('aria-busy')) return
    this.button.setAttribute('aria-busy', 'true')
    try {
      // Decided before anything is awaited, while the click still lets a popup open.
      const activated = navigator.userActivation?.isActive ?? true
      if (!activated || !supportsActiveMode()) return await this.codeFlowSignIn(clientId)
      const nonce = this.getAttribute('nonce') ?? undefined
      // Asked for the code flow, FedCM's token is a code bound to this PKCE challenge.
      const pkce = this.getAttribute('response-type') === 'code' ? await newPkce() : undefined
      const params = {
        ...(nonce ? { nonce } : {}),
        ...(pkce ? { response_type: 'code', code_challenge: pkce.challenge, code_challenge_method: 'S256' } : {}),
      }
      const outcome = await requestFedcm(clientId, params, 'active')
      if ('dismissed' in outcome) return this.fail('dismissed')
      if ('refused' in outcome) return this.fail(outcome.refused)
      if ('unavailable' in outcome) return await this.codeFlowSignIn(clientId)
      if (pkce)
        return this.deliverCode({ code: outcome.token, verifier: pkce.verifier, nonce, redirectUri: REDIRECT_URI, selectBy: 'fedcm' })
      this.dispatchEvent(
        new CustomEvent('svc-signin', { detail: { credential: outcome.token, select_by: 'fedcm' }, bubbles: true, composed: true }),
      )
      const loginUri = this.getAttribute('login-uri')
      if (loginUri) postForm(loginUri, { credential: outcome.token, nonce: nonce ?? '' })
    } catch (error) {
      this.fail((error as Error).message)
    } finally {
      this.button.removeAttribute('aria-busy')
    }
  }

  private get locale(): string {
    return this.getAttribute('locale') || document.documentElement.lang || navigator.language
  }

  connectedCallback(): void {
    const clientId = this.getAttribute('client-id')
    if (!clientId) return
    // Back from a full-page sign-in this page started: finish it here.
    const answer = takeRedirectAnswer()
    if (answer) void this.finishCodeFlow(clientId, answer)
    else if ('IdentityProvider' in window) this.offerPersonalButton(clientId)
  }

  /**
   * Frames svc's personalised button, which shows itself in place of this
   * one when the browser reveals a returning account to svc; a click in it
   * signs in here.
   */
  private offerPersonalButton(clientId: string): void {
    const query = new URLSearchParams({ client_id: clientId, origin: location.origin, locale: this.locale })
    for (const name of ['theme', 'shape']) if (this.hasAttribute(name)) query.set(name, this.getAttribute(name)!)
    const frame = Object.assign(document.createElement('iframe'), {
      src: `${SCRIPT_ORIGIN}/oidc/fedcm/button?${query}`,
      title: buttonText(this.locale, 'signin_with'),
      hidden: true,
    })
    frame.allow = 'identity-credentials-get'
    const listen = (event: MessageEvent) => {
      const data = event.data as { source?: string; status?: string } | null
      if (event.origin !== SCRIPT_ORIGIN || event.source !== frame.contentWindow || data?.source !== 'svc-button') return
      if (data.status === 'personalised') {
        // "Continue as …" takes the box the button had (the partner's `width` when set), so the partner's
        // header does not move; a name too long for it ends in "…".
        this.keptWidth = this.getBoundingClientRect().width
        this.render()
        frame.hidden = false
        this.button.hidden = true
      } else if (data.status === 'clicked') void this.signIn()
      else {
        removeEventListener('message', listen)
        frame.remove()
      }
    }
    addEventListener('message', listen)
    this.shadowRoot!.append(frame)
  }

  /**
   * Without FedCM: the code flow with PKCE (a popup, or a full-page
   * redirect when popups are blocked); a public client redeems the code
   * here, a confidential one hands it to `login-uri`.
   */
  private async codeFlowSignIn(clientId: string): Promise<void> {
    await this.finishCodeFlow(clientId, await authorizeByCode(clientId, this.getAttribute('nonce') ?? undefined))
  }

  private async finishCodeFlow(clientId: string, answer: CodeAnswer): Promise<void> {
    if (!answer.code) return this.fail(answer.error ?? 'no_code')
    if (this.getAttribute('response-type') === 'code' || this.hasAttribute('login-uri')) return this.deliverCode(answer)
    try {
      const credential = await redeemCode(clientId, answer)
      this.dispatchEvent(
        new CustomEvent('svc-signin', { detail: { credential, select_by: answer.selectBy }, bubbles: true, composed: true }),
      )
    } catch (error) {
      this.fail((error as Error).message)
    }
  }

  /** Hands a code and its verifier to the partner: the event, and `login-uri` when set. */
  private deliverCode(answer: CodeAnswer): void {
    const fields = { code: answer.code!, code_verifier: answer.verifier, redirect_uri: answer.redirectUri, nonce: answer.nonce ?? '' }
    this.dispatchEvent(new CustomEvent('svc-signin', { detail: { ...fields, select_by: answer.selectBy }, bubbles: true, composed: true }))
    const loginUri = this.getAttribute('login-uri')
    if (loginUri) postForm(loginUri, fields)
  }

  private fail(reason: string): void {
    this.dispatchEvent(new CustomEvent('svc-signin-error', { detail: { reason }, bubbles: true, composed: true }))
  }
}

/** Sends fields to the partner's backend as a top-level form POST, like Google's `login_uri`. */
function postForm(action: string, fields: Record<string, string>): void {
  const form = Object.assign(document.createElement('form'), { method: 'post', action })
  for (const [name, value] of Object.entries(fields)) {
    form.append(Object.assign(document.createElement('input'), { type: 'hidden', name, value }))
  }
  document.body.append(form)
  form.submit()
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-signin': SvcSignin
  }
  interface HTMLElementEventMap {
    'svc-signin': CustomEvent<SvcCredentialResponse>
    'svc-signin-error': CustomEvent<{ reason: string }>
  }
}

if (!customElements.get('svc-signin')) customElements.define('svc-signin', SvcSignin)
