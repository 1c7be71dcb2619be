/**
 * @module The script API of `/sdk.js`, in the spirit of Google Identity
 * Services: `svc.initialize()` once, then `svc.prompt()` for the One Tap
 * moment (FedCM, which the browser itself quiets after a dismissal, or
 * svc's One Tap card where FedCM is missing),
 * `svc.renderButton()`, `svc.disableAutoSelect()` on sign-out and
 * `svc.disconnect()`. Its public types are in `sdk-types.ts`.
 */
import { SCRIPT_ORIGIN } from '../script-origin.js'
import { newPkce, REDIRECT_URI } from './code-flow.js'
import { requestFedcm } from './fedcm-request.js'
import { oneTapPrompt } from './one-tap-prompt.js'
import type { SvcSignin } from './svc-signin.js'
import type { SvcButtonOptions, SvcConfig, SvcCredentialResponse } from './sdk-types.js'

let config: SvcConfig | undefined

const provider = (challenge?: string) => ({
  configURL: `${SCRIPT_ORIGIN}/fedcm.json`,
  clientId: config!.client_id,
  params: {
    ...(config!.nonce ? { nonce: config!.nonce } : {}),
    ...(challenge ? { response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' } : {}),
  },
})

function required(): SvcConfig {
  if (!config) throw new Error('call svc.initialize({ client_id }) first')
  return config
}

/** The `svc` object partner pages call. */
export const svc = {
  /**
   * Sets the client and where credentials go.
   *
   * @example
   * svc.initialize({ client_id: 'cli_…', callback: ({ credential }) => sendToBackend(credential) })
   */
  initialize(settings: SvcConfig): void {
    config = { ...settings }
  },

  /**
   * Offers sign-in without a button: FedCM, or One Tap where the browser
   * lacks it; resolves `false` when nothing was shown or the user declined.
   *
   * @example
   * await svc.prompt()
   */
  async prompt(): Promise<boolean> {
    const settings = required()
    if (!('IdentityCredential' in window)) {
      // One Tap's frame answers with an id_token only, so the code flow is left to the button.
      if (settings.response_type === 'code') return false
      const credential = await oneTapPrompt(settings.client_id, settings.nonce)
      if (credential) settings.callback?.({ credential, select_by: 'onetap' })
      return credential !== undefined
    }
    const pkce = settings.response_type === 'code' ? await newPkce() : undefined
    // Passive: a visitor signed out of svc sees nothing; the button's click is what opens svc's login.
    const outcome = await requestFedcm(settings.client_id, provider(pkce?.challenge).params, settings.auto_select ? 'optional' : 'passive')
    if (!('token' in outcome)) return false
    const select_by = outcome.autoSelected ? 'fedcm_auto' : 'fedcm'
    settings.callback?.(
      pkce
        ? { code: outcome.token, code_verifier: pkce.verifier, redirect_uri: REDIRECT_URI, select_by }
        : { credential: outcome.token, select_by },
    )
    return true
  },

  /**
   * Puts a `<svc-signin>` button into `parent`.
   *
   * @example
   * svc.renderButton(document.getElementById('signin'), { theme: 'filled_blue', size: 'large' })
   */
  renderButton(parent: Element, options: SvcButtonOptions = {}): SvcSignin {
    const settings = required()
    const button = document.createElement('svc-signin')
    button.setAttribute('client-id', settings.client_id)
    if (settings.nonce) button.setAttribute('nonce', settings.nonce)
    if (settings.response_type) button.setAttribute('response-type', settings.response_type)
    for (const [name, value] of Object.entries(options)) if (value !== undefined) button.setAttribute(name, String(value))
    button.addEventListener('svc-signin', (event) => settings.callback?.((event as CustomEvent<SvcCredentialResponse>).detail))
    parent.append(button)
    return button
  },

  /**
   * After the partner signs the user out: no silent sign-in until they choose again.
   *
   * @example
   * svc.disableAutoSelect()
   */
  disableAutoSelect(): Promise<void> {
    return navigator.credentials.preventSilentAccess()
  },

  /**
   * Disconnects the account from this client (revokes the consent at svc).
   *
   * @example
   * await svc.disconnect('ada@example.com')
   */
  async disconnect(accountHint: string): Promise<void> {
    const identity = (window as unknown as { IdentityCredential?: { disconnect?: (options: object) => Promise<void> } }).IdentityCredential
    if (!identity?.disconnect) throw new Error('this browser cannot disconnect FedCM accounts')
    await identity.disconnect({ configURL: provider().configURL, clientId: required().client_id, accountHint })
  },
}

declare global {
  interface Window {
    svc: typeof svc
  }
}
