/**
 * @module What the FedCM journeys share: a partner page on another site
 * than svc's and svc with a public client for it, answering the
 * browser's FedCM dialogs through the DevTools protocol as a person
 * clicking them would, waiting for `<svc-signin>`'s events on the partner
 * page, redeeming the code it hands over as the partner's backend would,
 * and verifying the id_token.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRemoteJWKSet, jwtVerify } from 'jose'
import type { BrowserContext, CDPSession, Frame, Page } from 'playwright-core'
import type { SmtpReceiver } from '../server/testing/smtp-receiver.js'
import { freePort, type RunningBff, startBff, svcBff } from './bff-process.js'

/**
 * A partner's web server on `http://127.0.0.1:PORT` answering every
 * request with `page(url)` (made at each request, so it may name what is
 * known only later, such as svc's address).
 *
 * @example
 * const partner = await partnerServer(() => `<script src="${idp}/sdk.js"></script>…`)
 */
export async function partnerServer(page: (url: URL) => string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) =>
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(page(new URL(req.url ?? '/', 'http://127.0.0.1'))),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

/**
 * svc over the database file `db`, on `http://localhost:PORT` (another
 * site than a partner on 127.0.0.1, as FedCM needs), with a public client
 * "Partner" that returns to `partnerOrigin`; its mail goes to `smtp` when
 * given.
 *
 * @example
 * const { bff, idp, clientId } = await startSvcForPartner(db, partner.origin, smtp)
 */
export async function startSvcForPartner(
  db: string,
  partnerOrigin: string,
  smtp?: SmtpReceiver,
): Promise<{ bff: RunningBff; idp: string; clientId: string }> {
  const client = await svcBff('client', 'create', '--name', 'Partner', '--public', '--redirect-uri', `${partnerOrigin}/callback`, '--db', db)
  const port = await freePort()
  const idp = `http://localhost:${port}`
  const mail = smtp ? { SVC_SMTP_URL: smtp.url, SVC_MAIL_FROM: 'svc <no-reply@svc.example>' } : undefined
  const bff = await startBff(['--db', db, '--port', String(port), '--issuer', idp], mail)
  return { bff, idp, clientId: client.client_id! }
}

/**
 * The tokens for the code `<svc-signin response-type="code">` handed the
 * page (`detail`), redeemed at svc's token endpoint as the partner's
 * backend does: with the PKCE verifier, and the secret of a confidential client.
 *
 * @example
 * const tokens = await redeemedCode(idp, await signedIn(page), clientId)
 */
export async function redeemedCode(
  idp: string,
  detail: Record<string, string>,
  clientId: string,
  clientSecret?: string,
): Promise<{ id_token: string; access_token: string }> {
  const answer = await fetch(`${idp}/oidc/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: detail.code!,
      code_verifier: detail.code_verifier!,
      redirect_uri: detail.redirect_uri!,
      client_id: clientId,
      ...(clientSecret ? { client_secret: clientSecret } : {}),
    }),
  })
  return (await answer.json()) as { id_token: string; access_token: string }
}

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
