/**
 * @module `/sdk.js`: what a partner page loads to sign its visitors in with
 * svc: the `<svc-signin>` element and the `svc` script API (on `window.svc`).
 */
import { svc } from './sdk-api.js'

export { svc } from './sdk-api.js'
export { SvcSignin } from './svc-signin.js'
export type { SvcButtonOptions, SvcConfig, SvcCredentialResponse } from './sdk-types.js'

window.svc = svc
