/**
 * @module Asking the browser's FedCM for svc's token, and reading its
 * refusal the way Chromium 156 words it: whether the visitor closed the
 * dialog (respect it), svc refused (say why), or FedCM could not run here
 * (the caller falls back to the code flow in a popup).
 */
import { SCRIPT_ORIGIN } from '../script-origin.js'

/** What one FedCM request came to. */
export type FedcmOutcome =
  | { token: string; autoSelected: boolean }
  /** The visitor closed the browser's dialog or its login popup. */
  | { dismissed: true }
  /** svc answered the assertion with an error (the browser showed it). */
  | { refused: string }
  /** FedCM could not run in this page; `reason` is the browser's. */
  | { unavailable: string }

let activeMode: boolean | undefined

/**
 * Whether the browser knows FedCM's active (button) mode, Chrome 132+: a
 * browser that reads `identity.mode` knows it. Asked as Google's FedCM
 * guide does, with a getter on an otherwise empty request, which the
 * browser refuses at once.
 *
 * @example
 * if (supportsActiveMode()) await requestFedcm(clientId, params, 'active')
 */
export function supportsActiveMode(): boolean {
  if (activeMode === undefined) {
    activeMode = false
    if ('IdentityCredential' in window) {
      const probe = Object.defineProperty({}, 'mode', { get: () => void (activeMode = true) })
      try {
        navigator.credentials.get({ identity: probe } as CredentialRequestOptions).catch(() => {})
      } catch {
        // A browser that throws rather than rejects has told us all the same.
      }
    }
  }
  return activeMode
}

/**
 * Asks FedCM for svc's token. `active` (from a click) lets a visitor
 * signed out of svc sign in there in the browser's popup; `passive`
 * (One Tap) shows nothing to them; `optional` may sign a returning
 * visitor in without a click.
 *
 * Chromium 156 rejects with:
 * - `NetworkError` ("Error retrieving a token."): the visitor closed the
 *   dialog or the login popup; also when svc's FedCM files cannot be read,
 *   which no script can tell apart, so it counts as a dismissal;
 * - `IdentityCredentialError` (its `error`, once `code`): svc refused the
 *   assertion and the browser showed that;
 * - `NotAllowedError`: another FedCM request is under way, or this frame
 *   may not use FedCM; `AbortError`: the request was replaced or aborted.
 *
 * @example
 * const outcome = await requestFedcm('cli_…', { nonce }, 'active')
 */
export async function requestFedcm(
  clientId: string,
  params: Record<string, string>,
  mode: 'active' | 'passive' | 'optional',
): Promise<FedcmOutcome> {
  try {
    const credential = (await navigator.credentials.get({
      identity: {
        providers: [{ configURL: `${SCRIPT_ORIGIN}/fedcm.json`, clientId, params }],
        ...(mode === 'active' ? { mode } : {}),
      },
      mediation: mode === 'optional' ? 'optional' : 'required',
    } as CredentialRequestOptions)) as (Credential & { token?: string; isAutoSelected?: boolean }) | null
    return credential?.token ? { token: credential.token, autoSelected: !!credential.isAutoSelected } : { unavailable: 'no_credential' }
  } catch (error) {
    const { name, error: code, code: oldCode } = error as Error & { error?: string; code?: unknown }
    if (name === 'IdentityCredentialError') return { refused: code || (typeof oldCode === 'string' && oldCode) || 'refused' }
    if (name === 'NetworkError') return { dismissed: true }
    return { unavailable: name || 'error' }
  }
}
