/**
 * @module What the FedCM journeys share: answering the browser's FedCM
 * dialogs through the DevTools protocol as a person clicking them would,
 * waiting for `<svc-signin>`'s events on the partner page, and verifying
 * the id_token it hands over.
 */
import { createRemoteJWKSet, jwtVerify } from 'jose'
import type { BrowserContext, CDPSession, Page } from 'playwright-core'

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

/** The `svc-signin` event's detail, once the partner page (which keeps it as `window.signedIn`) got it. */
export const signedIn = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { signedIn?: object }).signedIn).then((handle) => handle.jsonValue()) as Promise<
    Record<string, string>
  >

/** The `svc-signin-error` event's detail, once the partner page (which keeps it as `window.failed`) got it. */
export const failed = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { failed?: object }).failed).then((handle) => handle.jsonValue())

/**
 * The claims of an id_token from svc, verified against its key set for `audience`.
 *
 * @example
 * expect((await verifiedClaims(detail.credential, idp, clientId)).nonce).toBe('n-1')
 */
export async function verifiedClaims(token: string, idp: string, audience: string) {
  return (await jwtVerify(token, createRemoteJWKSet(new URL(`${idp}/.well-known/jwks.json`)), { issuer: idp, audience })).payload
}
