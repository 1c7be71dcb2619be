/**
 * @module Which secret key a database is opened with, and the check that it
 * is the right one. The key comes from `SVC_SECRET_KEY` or
 * `SVC_SECRET_KEY_FILE`; without either, a SQLite database keeps it in a
 * key file beside itself (`svc.db.key`, 0600), made on first start as
 * Rails makes `master.key`; PostgreSQL, shared by replicas, must be given
 * it. Every database holds a check value (the setting
 * `secret-key-check`, sealed under its key), so a missing or wrong key
 * stops svc at start with a sentence naming where the key came from (the
 * setting, or the key file beside the database) and what to do, before anything
 * reads a secret, rather than failing later on a row.
 */
import { constants, closeSync, existsSync, linkSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { log } from '../log.js'
import { Refusal } from '../refusal.js'
import type { Database } from './schema.js'
import { decryptSecret, encryptSecret, envelopeKeyId, parseSecretKeyText, type SecretKey, secretKey, type SecretPlace } from './secret-box.js'
import { setting, storeSettingUnlessSet } from './settings.js'

/** Where a key is given: the settings `SVC_SECRET_KEY` and `SVC_SECRET_KEY_FILE`. */
export interface SecretKeySource {
  /** The key's text (`SVC_SECRET_KEY`). */
  value?: string | undefined
  /** A file holding the key's text (`SVC_SECRET_KEY_FILE`). */
  file?: string | undefined
}

/** A key svc cannot use: missing, malformed, or not the one the database's secrets are encrypted under. */
export class SecretKeyRefused extends Refusal {
  override name = 'SecretKeyRefused'
  readonly status = 503
}

/** What a key file and `SVC_SECRET_KEY` hold, for the sentences that ask for one. */
export const KEY_FORMAT = '32 random bytes in base64, base64url or hex, such as the output of `openssl rand -base64 32`'

const CHECK_NAME = 'secret-key-check'
const CHECK_PLACE: SecretPlace = { table: 'settings', column: 'value', row: CHECK_NAME }
const CHECK_TEXT = 'svc secret key check'

/**
 * The key file a SQLite database keeps beside itself when no key is given.
 *
 * @example
 * keyFileBeside('./data/svc.db') // './data/svc.db.key'
 */
export const keyFileBeside = (sqlitePath: string): string => `${sqlitePath}.key`

/** A key with the words that name where it came from, for refusals. */
export interface ResolvedKey {
  key: SecretKey
  /** `SVC_SECRET_KEY`, `SVC_SECRET_KEY_FILE (/run/secrets/svc_key)` or `the key file ./data/svc.db.key`. */
  from: string
  /** The default key file beside a SQLite database, when that is where it came from. */
  defaultFile?: string
}

/**
 * The key given by the settings, read and checked for form; `undefined`
 * when neither setting is given.
 *
 * @example
 * const given = keyFromSettings({ value: process.env.SVC_SECRET_KEY })
 */
export function keyFromSettings(source: SecretKeySource): ResolvedKey | undefined {
  if (source.value !== undefined && source.file !== undefined)
    throw new SecretKeyRefused('set SVC_SECRET_KEY or SVC_SECRET_KEY_FILE, not both')
  if (source.value !== undefined) {
    const bytes = parseSecretKeyText(source.value)
    if (!bytes) throw new SecretKeyRefused(`SVC_SECRET_KEY must be ${KEY_FORMAT}`)
    return { key: secretKey(bytes), from: 'SVC_SECRET_KEY' }
  }
  if (source.file !== undefined) return { key: readKeyFile(source.file, `SVC_SECRET_KEY_FILE (${source.file})`), from: `SVC_SECRET_KEY_FILE (${source.file})` }
  return undefined
}

/**
 * Reads a key file, or refuses naming it as `named`.
 *
 * @example
 * const key = readKeyFile('/run/secrets/svc_key', 'SVC_SECRET_KEY_FILE (/run/secrets/svc_key)')
 */
export function readKeyFile(path: string, named: string): SecretKey {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new SecretKeyRefused(`${named} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`)
  }
  const bytes = parseSecretKeyText(text)
  if (!bytes) throw new SecretKeyRefused(`${named} must hold ${KEY_FORMAT}`)
  return secretKey(bytes)
}

/**
 * Writes a new random key to a new file, 0600, never over a file: it is
 * written whole to a file of its own, then linked into place, so a process
 * starting at the same moment reads either no file or a whole key. Fails
 * with `EEXIST` when the file exists.
 *
 * @example
 * const key = writeNewKeyFile('./data/svc.db.key')
 */
export function writeNewKeyFile(path: string): SecretKey {
  const bytes = randomBytes(32)
  const draft = `${path}.${randomBytes(6).toString('hex')}.new`
  const fd = openSync(draft, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600)
  try {
    writeSync(fd, `${bytes.toString('base64')}\n`)
  } finally {
    closeSync(fd)
  }
  try {
    linkSync(draft, path)
  } finally {
    rmSync(draft, { force: true })
  }
  return secretKey(bytes)
}

/**
 * The key a database is opened with: the one the settings give, or (on
 * SQLite) the key file beside it, made when the database holds no
 * encrypted secret yet; an in-memory database gets a key of its own. It is
 * checked against the database's check value when there is one.
 *
 * @example
 * const { key } = await unlockSecrets(db, { value: settings.secretKey }, { sqlitePath: './data/svc.db' })
 */
export async function unlockSecrets(
  db: Kysely<Database>,
  source: SecretKeySource,
  where: { sqlitePath?: string; postgres?: boolean },
): Promise<ResolvedKey> {
  const check = await storedCheck(db)
  const resolved = keyFromSettings(source) ?? defaultKey(where, check)
  if (check !== undefined) {
    try {
      decryptSecret(resolved.key, CHECK_PLACE, check)
    } catch {
      const needed = envelopeKeyId(check) ?? 'unknown'
      throw new SecretKeyRefused(
        `${resolved.from} holds secret key ${resolved.key.id}, but this database's secrets are encrypted under key ${needed}: ${wrongKeyAdvice(resolved, source)}`,
      )
    }
  }
  return resolved
}

/** What to do about a key that does not open the database's secrets, said about where that key came from. */
function wrongKeyAdvice(resolved: ResolvedKey, source: SecretKeySource): string {
  const theKey = 'the key they were encrypted with (after `secrets rekey`, the new one)'
  // The file beside the database was replaced or belongs to another copy: the operator looks for the file, not the variables.
  if (resolved.defaultFile !== undefined)
    return `restore ${resolved.defaultFile} from where you backed it up, or set SVC_SECRET_KEY or SVC_SECRET_KEY_FILE to ${theKey}`
  if (source.file !== undefined) return `put ${theKey} in ${source.file}, or point SVC_SECRET_KEY_FILE at the file that holds it`
  return `set SVC_SECRET_KEY to ${theKey}`
}

function defaultKey(where: { sqlitePath?: string; postgres?: boolean }, check: string | undefined): ResolvedKey {
  if (where.postgres)
    throw new SecretKeyRefused(
      `svc on PostgreSQL needs its secret key: set SVC_SECRET_KEY or SVC_SECRET_KEY_FILE to ${KEY_FORMAT}, the same on every replica`,
    )
  const path = where.sqlitePath ?? ':memory:'
  if (path === ':memory:') return { key: secretKey(randomBytes(32)), from: 'an in-memory key' }
  const file = keyFileBeside(path)
  const from = `the key file ${file}`
  if (existsSync(file)) return { key: readKeyFile(file, from), from, defaultFile: file }
  if (check !== undefined)
    throw new SecretKeyRefused(
      `the key file ${file} is missing, and this database's secrets are encrypted under secret key ${envelopeKeyId(check) ?? 'unknown'}: ` +
        'restore the file from where you backed it up, or set SVC_SECRET_KEY or SVC_SECRET_KEY_FILE to that key',
    )
  let key: SecretKey
  try {
    key = writeNewKeyFile(file)
  } catch (error) {
    // Another process starting on the same new database made it first.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { key: readKeyFile(file, from), from, defaultFile: file }
    throw new SecretKeyRefused(`cannot make the secret key file ${file}: ${(error as Error).message}`)
  }
  log('info', `made the secret key file ${file} (0600); back it up apart from the database: without it the database's secrets cannot be read`, {
    event: 'svc.secrets.key_made',
    file,
  })
  return { key, from, defaultFile: file }
}

/** The check value, or `undefined` when there is none (or no settings table yet: a new database). */
async function storedCheck(db: Kysely<Database>): Promise<string | undefined> {
  try {
    return await setting(db, CHECK_NAME)
  } catch (error) {
    const tables = await db.introspection.getTables()
    if (tables.some((table) => table.name === 'settings')) throw error
    return undefined
  }
}

/**
 * Stores the check value of `key` unless the database has one (migration
 * 0023 writes it; a database emptied of its rows gets it here).
 *
 * @example
 * await storeKeyCheck(db, key)
 */
export async function storeKeyCheck(db: Kysely<Database>, key: SecretKey): Promise<void> {
  await storeSettingUnlessSet(db, CHECK_NAME, encryptSecret(key, CHECK_PLACE, CHECK_TEXT))
}
