/**
 * @module `user create`: an account that signs in at svc.
 */
import { createUser } from '../accounts/users.js'
import { type CliIo, type CommandOutput, withDatabase } from './context.js'
import { list, parseFlags, required } from './flags.js'

export const USER_USAGE =
  'user create --email E --name N --password P [--given-name G] [--family-name F] [--picture URL] [--unverified] [--svc-app A] [--svc-access Area:Perm,...] [--svc-role R] [--svc-master]'

/**
 * Creates an account; its e-mail address counts as verified unless `--unverified`.
 *
 * @example
 * await userCreate(['--email', 'ada@example.com', '--name', 'Ada Lovelace', '--password', 'analytical'], io)
 */
export async function userCreate(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, {
    email: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
    'given-name': { type: 'string' },
    'family-name': { type: 'string' },
    picture: { type: 'string' },
    unverified: { type: 'boolean' },
    'svc-app': { type: 'string' },
    'svc-access': { type: 'string' },
    'svc-role': { type: 'string' },
    'svc-master': { type: 'boolean' },
  })
  const input = {
    email: required(values.email, '--email'),
    name: required(values.name, '--name'),
    password: required(values.password, '--password'),
    givenName: values['given-name'],
    familyName: values['family-name'],
    picture: values.picture,
    emailVerified: !values.unverified,
    svcApp: values['svc-app'],
    svcAccess: list(values['svc-access']),
    svcRole: values['svc-role'],
    svcMaster: values['svc-master'],
  }
  return withDatabase(values, io, async (db) => {
    const user = await createUser(db, input)
    return { json: { sub: user.sub }, text: `Created account ${user.sub} (${user.email}).` }
  })
}
