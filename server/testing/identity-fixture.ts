/**
 * @module Test fixtures for the identity provider: a BFF on a real
 * loopback port (so relying-party libraries can call it over HTTP), a
 * registered user and clients, and a scripted browser that follows the
 * login and consent forms the way a person would.
 */
import type { RequestListener, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Kysely } from 'kysely'
import { createUser } from '../accounts/users.js'
import { type AppOptions, type Bff, createBff } from '../app.js'
import { createClient, SCOPES } from '../clients/clients.js'
// Events are appended and never updated, so the row's place is the order they were recorded in.
import { openTestDatabase, testingOnPostgres } from '../db/test-database.js'
import type { Database } from '../db/schema.js'
import { sql } from 'kysely'
import type { AccountEventName } from '../accounts/account-events.js'
import { createHash, randomBytes } from 'node:crypto'
import { storeSigningKey } from '../grants/signing-keys.js'
import { testSigningKey } from './test-signing-key.js'
import { httpServer } from '../http/http-server.js'

export const USER = { email: 'ada@example.com', name: 'Ada Lovelace', password: 'analytical engine' }
export const CALLBACK = 'http://127.0.0.1:3000/callback'
export const AFTER_LOGOUT = 'http://127.0.0.1:3000/signed-out'

export interface IdentityFixture {
  db: Kysely<Database>
  bff: Bff
  issuer: string
  server: Server
  sub: string
  confidential: { clientId: string; clientSecret: string }
  publicClient: { clientId: string }
  /** Events recorded so far, oldest first. */
  events(): Promise<{ name: AccountEventName; client: string; data: Record<string, unknown> }[]>
  /** Moves the provider's clock forward. */
  advance(seconds: number): void
  close(): Promise<void>
}

/**
 * Starts a BFF with one user, one confidential and one public client;
 * `options` go to the app (a throttle on a test clock, trusted proxies).
 *
 * @example
 * const idp = await identityFixture()
 */
export async function identityFixture(options: Omit<AppOptions, 'db' | 'issuer' | 'now'> = {}): Promise<IdentityFixture> {
  const db = await openTestDatabase()
  // The key the provider would make when it first signs, made in advance.
  await storeSigningKey(db, testSigningKey())
  const user = await createUser(db, { ...USER, svcAccess: ['Ads:Edit'], svcRole: 'admin', picture: 'https://cdn.example/ada.png' })
  // Registered by an operator who granted every scope, as the flows under test ask for refresh tokens and svc's claims.
  const scopes = [...SCOPES]
  const confidential = await createClient(db, { name: 'Shop', redirectUris: [CALLBACK], postLogoutRedirectUris: [AFTER_LOGOUT], scopes })
  const publicClient = await createClient(db, { name: 'Shop App', redirectUris: [CALLBACK], public: true, scopes })
  let listener: RequestListener = () => {}
  // The server `serve` runs, with its limits: with Node's 5 s keep-alive a test's next request could meet a
  // connection the server was closing just then, and fail with a reset on a busy machine.
  const server = httpServer((req, res) => listener(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  let offset = 0
  const bff = createBff({ ...options, db, issuer, now: () => new Date(Date.now() + offset * 1000) })
  listener = bff.listener
  return {
    db,
    bff,
    issuer,
    server,
    sub: user.sub,
    confidential: { clientId: confidential.clientId, clientSecret: confidential.clientSecret! },
    publicClient,
    events: async () =>
      (
        await db
          .selectFrom('webhook_events')
          .innerJoin('clients', 'clients.id', 'webhook_events.client_id')
          .select(['webhook_events.event', 'webhook_events.data', 'clients.client_id'])
          .orderBy(
            // Insert order. PostgreSQL's ctid is where a row sits, and rows
            // fill the room the DELETE between tests left, so it is not;
            // the inserting transaction's id is (events are never updated).
            testingOnPostgres ? sql`(webhook_events.xmin::text)::bigint` : sql`webhook_events.rowid`,
          )
          .orderBy(testingOnPostgres ? sql`webhook_events.ctid` : sql`webhook_events.rowid`)
          .execute()
      ).map((row) => ({ name: row.event as AccountEventName, client: row.client_id, data: JSON.parse(row.data) })),
    advance: (seconds) => void (offset += seconds),
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await db.destroy()
    },
  }
}

/** The hidden and named fields of the first form on a page. */
export function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [, attributes] of html.matchAll(/<input([^>]*)>/g)) {
    const name = /name="([^"]*)"/.exec(attributes!)?.[1]
    const value = /value="([^"]*)"/.exec(attributes!)?.[1] ?? ''
    if (name)
      fields[name] = value
        .replaceAll('&quot;', '"')
        .replaceAll('&amp;', '&')
        .replaceAll('&#39;', "'")
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
  }
  return fields
}

/** A cookie-keeping client that does not follow redirects, like a browser tab under test. */
export class ScriptedBrowser {
  readonly cookies = new Map<string, string>()

  /**
   * `headers` go on every request (an `X-Forwarded-For` a proxy would add,
   * say); `send` is how requests travel (an app's `request`, for an https
   * issuer answered in process).
   */
  constructor(
    readonly headers: Record<string, string> = {},
    private readonly send: (url: string, init: RequestInit) => Promise<Response> | Response = fetch,
  ) {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers({ ...this.headers, ...Object.fromEntries(new Headers(init.headers)) })
    if (this.cookies.size) headers.set('Cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '))
    const res = await this.send(url, { ...init, headers, redirect: 'manual' })
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)]
      if (/Max-Age=0/i.test(line) || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return res
  }

  /** Submits the page's form with the given fields changed. */
  async submit(action: string, page: string, fields: Record<string, string>): Promise<Response> {
    return this.request(action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...formFields(page), ...fields }).toString(),
    })
  }

  /**
   * Opens an authorization URL and signs in and consents as needed; resolves with where the client was sent.
   *
   * @example
   * const callback = await browser.authorize(url, { decision: 'allow' })
   */
  async authorize(
    url: string | URL,
    { email = USER.email, password = USER.password, decision = 'allow', post = false } = {},
  ): Promise<URL> {
    const request = new URL(url)
    // With `post`, the request's parameters go form-encoded in a POST (OIDC Core §3.1.2.1).
    let res = post
      ? await this.request(`${request.origin}${request.pathname}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: request.search.slice(1),
        })
      : await this.request(String(url))
    const issuer = new URL(url).origin
    for (let step = 0; step < 4; step++) {
      if (res.status === 302) return new URL(res.headers.get('Location')!)
      const page = await res.text()
      if (page.includes('action="/oidc/authorize/login"'))
        res = await this.submit(`${issuer}/oidc/authorize/login`, page, { email, password })
      else if (page.includes('action="/oidc/authorize/consent"'))
        res = await this.submit(`${issuer}/oidc/authorize/consent`, page, { decision })
      else throw new Error(`unexpected page (${res.status}): ${page.slice(0, 300)}`)
    }
    throw new Error('the authorization did not finish')
  }
}

/**
 * A fresh PKCE verifier and its S256 challenge (RFC 7636), as a client makes them.
 *
 * @example
 * const { verifier, challenge } = pkcePair()
 */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}
