/**
 * @module What the FedCM journeys share: answering the browser's FedCM
 * dialogs through the DevTools protocol as a person clicking them would,
 * waiting for `<svc-signin>`'s events on the partner page, and verifying
 * the id_token it hands over.
 */
import { createRemoteJWKSet, jwtVerify } from 'jose'
import type { BrowserContext, CDPSession, Frame, Page } from 'playwright-core'

/**
 * Answers the browser's FedCM dialogs on this page (the first account, or a dismissal), listing their types as they show.
 *
 * @example
 * const shown = await fedcmDialogs(context, page, 'choose') // later: ['AccountChooser']
 */
export async function fedcmDialogs(context: BrowserContext, page: Page, answer: 'choose' | 'dismiss'): Promise<string[]> {
  const shown: string[] = []
  const cdp: CDPSession = await context.newCDPSession(page)
  await cdp.send('FedCm.enable' as never, { disableRejectionDelay: true } as never)
  cdp.on(
    'FedCm.dialogShown' as never,
    ((event: { dialogId: string; dialogType: string }) => {
      shown.push(event.dialogType)
      const { dialogId } = event
      void (answer === 'choose'
        ? cdp.send('FedCm.selectAccount' as never, { dialogId, accountIndex: 0 } as never)
        : cdp.send('FedCm.dismissDialog' as never, { dialogId } as never))
    }) as never,
  )
  return shown
}

/**
 * `window[name]` once the partner page (or frame) has set it (its `svc-signin`
 * listener keeps the event's detail there). Asked every 100 ms:
 * Playwright's default asks on every animation frame, which keeps a
 * renderer drawing frames for as long as the sign-in takes.
 *
 * @example
 * const credential = await windowValue<string>(page, 'credential')
 */
export const windowValue = <T = unknown>(page: Page | Frame, name: string): Promise<T> =>
  page
    .waitForFunction((key) => (window as unknown as Record<string, unknown>)[key], name, { polling: 100 })
    .then((handle) => handle.jsonValue() as Promise<T>)

/** The `svc-signin` event's detail, once the partner page (which keeps it as `window.signedIn`) got it. */
export const signedIn = (page: Page) => windowValue<Record<string, string>>(page, 'signedIn')

/** The `svc-signin-error` event's detail, once the partner page (which keeps it as `window.failed`) got it. */
export const failed = (page: Page) => windowValue(page, 'failed')

/**
 * The claims of an id_token from svc, verified against its key set for `audience`.
 *
 * @example
 * expect((await verifiedClaims(detail.credential, idp, clientId)).nonce).toBe('n-1')
 */
export async function verifiedClaims(token: string, idp: string, audience: string) {
  return (await jwtVerify(token, createRemoteJWKSet(new URL(`${idp}/.well-known/jwks.json`)), { issuer: idp, audience })).payload
}
