/**
 * @module The identity provider the interop suite's relying-party
 * libraries talk to: the real `svc-bff serve` in its own process on
 * `http://localhost:PORT` (Chromium keeps svc's Secure session cookie
 * there), one person, and the person's part of a sign-in in a real
 * browser (svc's login form, then its consent page when one is shown).
 */
import { mkdtempSync } from 'node:fs'
import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { freePort, type RunningBff, startBff, svcBffWithEnv } from '../bff-process.js'

export const PERSON = { email: 'ada@example.com', name: 'Ada Lovelace', password: 'analytical engine' }

export interface InteropSvc {
  bff: RunningBff
  /** `http://localhost:PORT`: what relying parties discover. */
  issuer: string
  /** The database file, for `svc-bff` commands beside the running server. */
  db: string
  /** Runs `svc-bff ARGS… --db DB --json` on the server's database. */
  cli(...args: string[]): Promise<Record<string, string>>
}

/**
 * Starts svc with one person; `env` goes to the server and to {@link InteropSvc.cli}.
 *
 * @example
 * const svc = await startInteropSvc()
 */
export async function startInteropSvc(env: Record<string, string> = {}): Promise<InteropSvc> {
  const db = join(mkdtempSync(join(tmpdir(), 'svc-interop-')), 'svc.db')
  const cli = (...args: string[]) => svcBffWithEnv(env, ...args, '--db', db)
  await cli('user', 'create', '--email', PERSON.email, '--name', PERSON.name, '--password', PERSON.password)
  const port = await freePort()
  const issuer = `http://localhost:${port}`
  const bff = await startBff(['--db', db, '--port', String(port), '--issuer', issuer], env)
  return { bff, issuer, db, cli }
}

/**
 * Does the person's part on svc's pages: signs in when the login form
 * shows, allows when the consent page shows; returns once the browser has
 * left svc's origin.
 *
 * @example
 * await page.goto(`${rp}/login`)
 * await signInAtSvc(page, svc.issuer)
 */
export async function signInAtSvc(page: Page, issuer: string): Promise<void> {
  const deadline = Date.now() + 20_000
  const visible = (locator: Locator) => locator.isVisible().catch(() => false)
  while (page.url().startsWith(issuer)) {
    if (Date.now() > deadline) throw new Error(`still on svc after signing in: ${page.url()}`)
    const password = page.getByLabel('Password')
    const allow = page.getByRole('button', { name: 'Allow' })
    if (await visible(password)) {
      await page.getByLabel('Email').fill(PERSON.email)
      await password.fill(PERSON.password)
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await password.waitFor({ state: 'detached' }).catch(() => undefined)
    } else if (await visible(allow)) {
      await allow.click()
      await allow.waitFor({ state: 'detached' }).catch(() => undefined)
    } else {
      await page.waitForTimeout(50)
    }
  }
}

/**
 * An HTTP server on loopback (a relying party's own site), named by `host`
 * (`127.0.0.1` or `localhost`), at `port` or a free one.
 *
 * @example
 * const site = await listen(app)
 */
export async function listen(
  listener: RequestListener,
  { host = '127.0.0.1', port = 0 }: { host?: string; port?: number } = {},
): Promise<{ server: Server; origin: string; close(): Promise<void> }> {
  const server = createServer(listener)
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`
  return {
    server,
    origin,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
