/**
 * @module `secrets rekey [--new-key-file FILE]`: moves every stored secret
 * to a new secret key in one transaction (db/rekey.ts), then says what the
 * operator does with the new key, as Vault's `operator rotate` and Rails'
 * `credentials:edit` leave no step to guess. FILE holds the new key
 * (`openssl rand -base64 32 > FILE`) or, when it does not exist, svc makes
 * one there (0600). Where svc found the key itself (the key file beside a
 * SQLite database), that file is replaced by the new key, the old one kept
 * beside it for the backups it encrypted, so the next start needs no
 * change; a key given by `SVC_SECRET_KEY(_FILE)` is changed by the
 * operator, since svc cannot change its own settings.
 */
import { cliActor, recordAuditEvent } from '../audit/audit-events.js'
import { existsSync, linkSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { rekeySecrets } from '../db/rekey.js'
import { secretBoxOf, type SecretKey, SecretUnreadable } from '../db/secret-box.js'
import { keyFileBeside, keyFromSettings, readKeyFile, writeNewKeyFile } from '../db/secret-key.js'
import { CliError, UsageError } from './cli-error.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { parseFlags } from './flags.js'

export const SECRETS_USAGE = 'secrets rekey [--new-key-file FILE]'

/**
 * Re-encrypts every secret under a new key.
 *
 * @example
 * await secretsRekey(['--new-key-file', '/run/secrets/svc_secret_key.new'], io)
 */
export async function secretsRekey(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, { 'new-key-file': { type: 'string' } })
  const newKeyFile = values['new-key-file']
  if (newKeyFile !== undefined && newKeyFile.trim() === '') throw new UsageError('--new-key-file must name a file')
  const settings = commandSettings(values, io)
  const given = keyFromSettings({ value: settings.secretKey, file: settings.secretKeyFile })
  if (settings.databaseUrl === undefined && settings.sqlitePath === ':memory:')
    throw new CliError('an in-memory database keeps no secrets to re-encrypt; name the database with --db PATH')
  // svc replaces the key file it found itself; a key the settings give is the operator's to change.
  const defaultFile = given === undefined && settings.databaseUrl === undefined ? keyFileBeside(settings.sqlitePath) : undefined
  if (newKeyFile === undefined && defaultFile === undefined)
    throw new UsageError(
      `secrets rekey needs --new-key-file FILE: the key comes from ${given ? given.from : 'SVC_SECRET_KEY'}, which svc cannot change; ` +
        'it writes the new key to FILE (or reads it there) for you to put in its place',
    )
  return withDatabase(settings, async (db) => {
    const old = secretBoxOf(db).key
    const made = newKeyFile !== undefined && !existsSync(newKeyFile)
    // The new key is on disk before any secret moves to it.
    const source = newKeyFile ?? `${defaultFile!}.${Date.now()}.new`
    const next: SecretKey = newKeyFile === undefined || made ? writeNewKeyFile(source) : readKeyFile(source, `--new-key-file ${source}`)
    if (next.id === old.id) throw new CliError(`${newKeyFile ?? 'the new key'} holds the key svc uses now (key ${old.id}); give a new one`)
    const counts = await rekeySecrets(db, old, next).catch((error: unknown) => {
      // A secret that does not open under the current key: nothing moved; the sentence says which.
      if (error instanceof SecretUnreadable) throw new CliError(`nothing was re-encrypted: ${error.message}`)
      throw error
    })
    const total = counts.signing_keys + counts.webhook_secrets + counts.external_providers + counts.settings
    // Who re-encrypted the secrets, from which key's id to which: never a key itself.
    await recordAuditEvent(db, {
      actor: cliActor(),
      action: 'secret_key.rotated',
      target: { kind: 'secret_key', code: next.id },
      detail: { old_key: old.id, new_key: next.id },
    })
    const count = (n: number, thing: string) => `${n} ${thing}${n === 1 ? '' : 's'}`
    const moved =
      `Re-encrypted ${count(total, 'secret')} in one transaction (${count(counts.signing_keys, 'signing key')}, ` +
      `${count(counts.webhook_secrets, 'webhook secret')}, ${count(counts.external_providers, 'provider client secret')}, ` +
      `${count(counts.settings, 'setting')}) from key ${old.id} to key ${next.id}.`
    const json = { old_key: old.id, new_key: next.id, reencrypted: counts }
    if (defaultFile !== undefined) {
      const retired = retireDefaultKeyFile(defaultFile, old.id, source, newKeyFile === undefined)
      return {
        json: { ...json, key_file: defaultFile, old_key_file: retired },
        text: [
          moved,
          `${defaultFile} now holds key ${next.id}; restart svc (the old key no longer opens this database's secrets).`,
          `The old key is in ${retired}: the backups taken before now are encrypted under it, so keep it with them, apart from the database, and delete it when they are gone.`,
        ].join('\n'),
      }
    }
    return {
      json: { ...json, new_key_file: newKeyFile },
      text: [
        moved,
        `${made ? `Made the new key in ${newKeyFile} (0600). ` : ''}svc now refuses key ${old.id}: set SVC_SECRET_KEY_FILE=${newKeyFile} (or SVC_SECRET_KEY to its contents) wherever svc runs, in place of ${given!.from}, and restart every replica.`,
        `Keep key ${old.id} with the backups taken before now (they stay encrypted under it), apart from the database.`,
      ].join('\n'),
    }
  })
}

/**
 * Moves the key file beside the database aside as `FILE.OLDID.old`, and
 * puts the new key (from `source`) in its place; a new key svc made
 * (`moveSource`) is moved, a file the operator gave is copied.
 */
function retireDefaultKeyFile(file: string, oldId: string, source: string, moveSource: boolean): string {
  const retired = `${file}.${oldId}.old`
  try {
    try {
      linkSync(file, retired)
    } catch (error) {
      // Named after the key it holds: one there already holds this same key.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    if (moveSource) renameSync(source, file)
    else {
      const draft = `${file}.${Date.now()}.new`
      writeFileSync(draft, readFileSync(source), { mode: 0o600, flag: 'wx' })
      renameSync(draft, file)
    }
    return retired
  } catch (error) {
    throw new CliError(
      `the secrets were re-encrypted, but ${file} could not be replaced (${(error as Error).message}): the database now needs the key in ${source}; ` +
        `move it to ${file} (or set SVC_SECRET_KEY_FILE to it) before starting svc`,
    )
  }
}
