/**
 * @module The public types of `/sdk.js` and `<svc-signin>`: what a partner
 * page passes in and gets back. A module of their own, so the script API
 * and the element can both use them without importing each other.
 */

export interface SvcCredentialResponse {
  /** The id_token; absent in the code flow. */
  credential?: string
  /** In the code flow: what the backend sends to the token endpoint. */
  code?: string
  code_verifier?: string
  redirect_uri?: string
  select_by: 'fedcm' | 'fedcm_auto' | 'onetap' | 'popup' | 'redirect'
}

export interface SvcConfig {
  client_id: string
  nonce?: string
  /** Called with each credential. */
  callback?: (response: SvcCredentialResponse) => void
  /** Let the browser sign a returning user in without a click. */
  auto_select?: boolean
  /** `code`: hand the backend an authorization code and its PKCE verifier instead of an id_token. */
  response_type?: 'code'
}

export interface SvcButtonOptions {
  theme?: string
  size?: string
  shape?: string
  text?: string
  width?: number
  locale?: string
}
