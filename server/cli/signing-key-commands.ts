/**
 * @module `keys rotate [--now]`: a new signing key, published at once and
 * signing once relying parties' cached key sets have expired (6 hours by
 * default, `SVC_JWKS_CACHE_SECONDS`), instead of at its 90 days. `--now`
 * signs with it at once and withdraws every earlier key from the JWKS:
 * an emergency for a leaked key, which fails relying parties'
 * verification of new id_tokens until they refetch the key set. While a
 * next key is already waiting, a rotation without `--now` names it and
 * changes nothing.
 */
import { rotateSigningKey } from '../grants/signing-keys.js'
import { cliActor, recordAuditEvent } from '../audit/audit-events.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { parseFlags } from './flags.js'

export const KEYS_USAGE = 'keys rotate [--now] [--jwks-cache-seconds N]'

/**
 * Makes a new signing key; the previous one signs until the new one takes
 * over and stays published until what it signed has expired.
 *
 * @example
 * await keysRotate(['--now'], io)
 */
export async function keysRotate(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, { now: { type: 'boolean' }, 'jwks-cache-seconds': { type: 'string' } })
  const settings = commandSettings(values, io, ['jwksCacheSeconds'])
  const keySetCacheMs = settings.jwksCacheSeconds * 1000
  return withDatabase(settings, async (db) => {
    const at = new Date()
    const { kid, signsFrom, created } = await rotateSigningKey(db, { at, keySetCacheMs, immediately: values.now === true })
    const json = { kid, signs_from: signsFrom.toISOString(), created }
    if (created)
      await recordAuditEvent(
        db,
        {
          actor: cliActor(),
          action: 'signing_key.rotated',
          target: { kind: 'signing_key', code: kid },
          detail: { signs_from: json.signs_from, emergency: values.now === true },
        },
        at,
      )
    if (!created)
      return {
        json,
        text: `Signing key ${kid} is already published and starts signing at ${json.signs_from} (in ${duration(signsFrom.getTime() - at.getTime())}); nothing changed. In an emergency (a leaked key), keys rotate --now signs with a new key at once.`,
      }
    if (values.now)
      return {
        json,
        text: `New signing key ${kid} signs now; every earlier key left the JWKS, so nothing a leaked key signs verifies any more. Relying parties that cached the key set fail to verify new id_tokens until they fetch it again.`,
      }
    if (signsFrom.getTime() <= at.getTime()) return { json, text: `New signing key ${kid} signs now (it is the first).` }
    return {
      json,
      text: `New signing key ${kid} is published in the JWKS now and starts signing at ${json.signs_from} (in ${duration(signsFrom.getTime() - at.getTime())}, once relying parties' cached key sets have expired); the current key signs until then and stays published until the tokens it signed expire. In an emergency (a leaked key), keys rotate --now signs with a new key at once.`,
    }
  })
}

/** `6 hours`, `5 hours 59 minutes`, `90 minutes` → `1 hour 30 minutes`, `45 seconds`. */
function duration(ms: number): string {
  const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? '' : 's'}`
  const minutes = Math.round(ms / 60_000)
  if (minutes === 0) return unit(Math.round(ms / 1000), 'second')
  const [hours, rest] = [Math.floor(minutes / 60), minutes % 60]
  return [hours ? unit(hours, 'hour') : '', rest ? unit(rest, 'minute') : ''].filter(Boolean).join(' ')
}
