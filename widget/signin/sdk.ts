/**
 * @module `/sdk.js`: what a partner page loads to sign its visitors in with
 * svc: the `<svc-signin>` element.
 */
export { SvcSignin } from './svc-signin.js'
