/**
 * @module The two page scripts that let FedCM's login popup finish when
 * the sign-in happens in another tab: a visitor who signs up (or resets
 * a password) in the popup confirms through a mailed link, which opens in
 * a tab of its own. The page that link ends on announces the sign-in on
 * a same-origin `BroadcastChannel`; the popup's "check your e-mail" page
 * hears it and calls `IdentityProvider.close()`, so the browser goes on
 * to the account chooser without the visitor returning to the popup.
 */

const CHANNEL = 'svc-sign-in'

/** For a page that has just signed someone in: tells every svc window of this browser. */
export const ANNOUNCE_SIGNED_IN = `try { new BroadcastChannel('${CHANNEL}').postMessage('signed-in') } catch (e) {}`

/**
 * For a page waiting for a mailed link: closes FedCM's login popup once
 * the link has signed the visitor in elsewhere (outside that popup,
 * `IdentityProvider.close()` does nothing).
 */
export const CLOSE_POPUP_WHEN_SIGNED_IN_ELSEWHERE = `if (window.IdentityProvider && IdentityProvider.close && window.BroadcastChannel)
  new BroadcastChannel('${CHANNEL}').onmessage = () => IdentityProvider.close()`
