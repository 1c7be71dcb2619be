/**
 * @module `seed --demo`: the demo organisation, key and ads, once.
 */
import { seedDemo } from '../demo/seed-demo.js'
import { UsageError } from './cli-error.js'
import { type CliIo, type CommandOutput, commandSettings, demoCredentialsFile, withDatabase } from './context.js'
import { parseFlags } from './flags.js'

export const SEED_USAGE = 'seed --demo [--issuer URL]'

/**
 * Seeds the demo data unless it is there already; prints its credentials either way.
 *
 * @example
 * await seedCommand(['--demo'], io)
 */
export async function seedCommand(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, { demo: { type: 'boolean' }, issuer: { type: 'string' } })
  if (!values.demo) throw new UsageError('seed needs --demo: it seeds the demo organisation, key and ads')
  const settings = commandSettings(values, io, ['issuer'])
  const publicUrl = settings.issuer ?? 'http://localhost:8787'
  return withDatabase(settings, async (db) => {
    const seeded = await seedDemo(db, { publicUrl, credentialsFile: demoCredentialsFile(settings.sqlitePath) })
    return {
      json: { organisation: seeded.organisation, api_key: seeded.api_key, created: seeded.created },
      text: `${seeded.created ? 'Seeded' : 'Already seeded:'} demo organisation ${seeded.organisation}.\nDemo API key: ${seeded.api_key}`,
    }
  })
}
