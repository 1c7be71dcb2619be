/**
 * @module `keys rotate`: a new signing key now, instead of at its 90 days.
 */
import { rotateSigningKey } from '../oidc/signing-keys.js'
import { type CliIo, type CommandOutput, withDatabase } from './context.js'
import { parseFlags } from './flags.js'

export const KEYS_USAGE = 'keys rotate'

/**
 * Makes a new signing key; the previous one stays published until what it signed has expired.
 *
 * @example
 * await keysRotate([], io)
 */
export async function keysRotate(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, {})
  return withDatabase(values, io, async (db) => {
    const { kid } = await rotateSigningKey(db)
    return { json: { kid }, text: `New signing key ${kid}; the previous key stays in the JWKS until the tokens it signed expire.` }
  })
}
