/**
 * @module The two lines `serve` logs about itself: `svc.started`, with what
 * an operator checks first when something is off (which build, where it
 * listens, which database, where mail goes, how old the signing key is,
 * whether anyone may sign up), and `svc.stopped`, with why and how long
 * the requests and deliveries in flight took to finish.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { signingKeyList } from '../grants/signing-keys.js'
import { log } from '../log.js'
import type { Settings } from '../settings.js'
import { SVC_VERSION } from '../version.js'

const DAY_MS = 24 * 60 * 60 * 1000

/** What `svc.started` reports. */
export interface Started {
  /** `http://ADDRESS:PORT` as bound. */
  listen: string
  issuer: string
  settings: Pick<Settings, 'databaseUrl' | 'sqlitePath' | 'smtpUrl' | 'signup'>
  /** Where mail goes: the folder of the file outbox without SMTP. */
  mailFolder: string
}

/**
 * Logs `svc.started`. The database is named by its path or, on
 * PostgreSQL, its host, port and database, never its credentials; mail by
 * its SMTP host, never the URL's credentials either.
 *
 * @example
 * await logStarted(db, { listen: 'http://127.0.0.1:8787', issuer, settings, mailFolder: './data/mail' })
 */
export async function logStarted(db: Kysely<Database>, { listen, issuer, settings, mailFolder }: Started): Promise<void> {
  const now = new Date()
  // A new database has no key yet: the first token or JWKS request makes one.
  const signing = (await signingKeyList(db, now)).find((key) => key.state === 'signing')
  const database =
    settings.databaseUrl === undefined
      ? { database_kind: 'sqlite', database_path: settings.sqlitePath }
      : { database_kind: 'postgresql', database_host: postgresWhere(settings.databaseUrl) }
  const mail = settings.smtpUrl ? { mail_mode: 'smtp', mail_host: new URL(settings.smtpUrl).host } : { mail_mode: 'file outbox', mail_folder: mailFolder }
  log('info', `svc ${SVC_VERSION} started, listening on ${listen}`, {
    event: 'svc.started',
    version: SVC_VERSION,
    listen,
    issuer,
    ...database,
    ...mail,
    signing_key_age_days: signing ? Math.floor((now.getTime() - Date.parse(signing.signs_from)) / DAY_MS) : null,
    signup_open: settings.signup === 'open',
  })
}

/**
 * Logs `svc.stopped`: `reason` is the signal's name or the error's
 * message, `drain_ms` how long finishing the work in flight took.
 *
 * @example
 * logStopped({ reason: 'SIGTERM', drainMs: 12 })
 */
export function logStopped({ reason, drainMs, error }: { reason: string; drainMs: number; error?: string }): void {
  log(error === undefined ? 'info' : 'error', `svc stopped (${reason}) after draining for ${drainMs} ms`, {
    event: 'svc.stopped',
    reason,
    drain_ms: drainMs,
    ...(error === undefined ? {} : { error }),
  })
}

/** `host:port/database` of a PostgreSQL URL: no user, no password, no query. */
function postgresWhere(url: string): string {
  const parsed = new URL(url)
  return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`
}
