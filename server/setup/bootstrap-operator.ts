/**
 * @module The unattended way to make the first operator:
 * `SVC_BOOTSTRAP_OPERATOR_EMAIL` with `SVC_BOOTSTRAP_OPERATOR_PASSWORD`
 * (or `_FILE`, a container secret). The variables are checked as `serve`
 * starts, before anything opens, against the sign-up page's own rules
 * (address and password), so a mistake stops the start with a sentence
 * rather than leaving an operator nobody can sign in as. They act once:
 * on a database that has an operator they change nothing, so a restart
 * never resets a password someone changed since.
 */
import { readFileSync } from 'node:fs'
import type { Kysely } from 'kysely'
import type { Database, UserRow } from '../db/schema.js'
import { operatorCount } from '../accounts/users.js'
import { hashPassword } from '../accounts/passwords.js'
import { passwordProblem } from '../accounts/password-policy.js'
import { InvalidInput } from '../invalid-input.js'
import { Refusal } from '../refusal.js'
import { SETTINGS, type Settings } from '../settings.js'
import { plainEmailAddress } from '../../shared/email-address.js'
import { createOperatorUnlessOneExists } from './first-operator.js'

/** What the bootstrap variables ask for, checked. */
export interface BootstrapRequest {
  /** As stored: trimmed, lower-cased. */
  email: string
  password: string
}

/** Bootstrap variables `serve` cannot act on; the message is a sentence for the operator (exit 1). */
export class BootstrapRefused extends Refusal {
  override name = 'BootstrapRefused'
  readonly status = 400
}

/** The name the operator starts with; the account page changes it. */
export const BOOTSTRAP_OPERATOR_NAME = 'Operator'

const EMAIL = SETTINGS.bootstrapOperatorEmail.env
const PASSWORD = SETTINGS.bootstrapOperatorPassword.env
const PASSWORD_FILE = SETTINGS.bootstrapOperatorPasswordFile.env

/**
 * The checked request of the bootstrap variables, `undefined` when none is
 * set; throws {@link BootstrapRefused} saying what to fix.
 *
 * @example
 * const bootstrap = bootstrapRequestFrom(readSettings(values, io.env))
 */
export function bootstrapRequestFrom(
  settings: Pick<Settings, 'bootstrapOperatorEmail' | 'bootstrapOperatorPassword' | 'bootstrapOperatorPasswordFile'>,
): BootstrapRequest | undefined {
  const { bootstrapOperatorEmail: typed, bootstrapOperatorPassword: password, bootstrapOperatorPasswordFile: file } = settings
  if (typed === undefined && password === undefined && file === undefined) return undefined
  if (password !== undefined && file !== undefined)
    throw new BootstrapRefused(`set ${PASSWORD} or ${PASSWORD_FILE}, not both: svc cannot tell which password you mean`)
  if (typed === undefined)
    throw new BootstrapRefused(
      `${password === undefined ? PASSWORD_FILE : PASSWORD} is set without ${EMAIL}: set the first operator's e-mail address too`,
    )
  if (password === undefined && file === undefined)
    throw new BootstrapRefused(`${EMAIL} is set without a password: set ${PASSWORD} or ${PASSWORD_FILE} too`)
  const email = plainEmailAddress(typed)
  if (email === undefined)
    throw new BootstrapRefused(`${EMAIL} must be one e-mail address such as ops@example.com, without spaces or any of , ; < > " ( ) [ ] :`)
  const secret = password ?? passwordFromFile(file!)
  const problem = passwordProblem(secret, email)
  if (problem)
    throw new BootstrapRefused(
      `the first operator's password (${password === undefined ? PASSWORD_FILE : PASSWORD}) is refused: ${problem}`,
    )
  return { email, password: secret }
}

/** The file's text less one trailing line break, which editors and `echo` add. */
function passwordFromFile(file: string): string {
  try {
    return readFileSync(file, 'utf8').replace(/\r?\n$/, '')
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (error as Error).message
    throw new BootstrapRefused(`${PASSWORD_FILE} names ${file}, which svc cannot read: ${why}`)
  }
}

/**
 * Makes the requested operator, confirmed, unless the database has an
 * operator already: then nothing changes and the result is `undefined`.
 * An address that another account (not an operator) holds is refused.
 *
 * @example
 * const made = await bootstrapOperator(db, { email: 'ops@example.com', password }, new Date())
 */
export async function bootstrapOperator(db: Kysely<Database>, request: BootstrapRequest, now: Date): Promise<UserRow | undefined> {
  // Nothing to hash when there is nothing to make (every restart of a set-up install).
  if ((await operatorCount(db)) > 0) return undefined
  const passwordHash = await hashPassword(request.password)
  try {
    return await createOperatorUnlessOneExists(db, { name: BOOTSTRAP_OPERATOR_NAME, email: request.email, passwordHash }, now)
  } catch (error) {
    if (!(error instanceof InvalidInput && error.field === 'email')) throw error
    // Another replica, started with the same variables, made it first.
    if ((await operatorCount(db)) > 0) return undefined
    throw new BootstrapRefused(
      `${EMAIL} names ${request.email}, whose account exists already and is not an operator: make it one with \`svc-bff user update --email ${request.email} --operator\`, or name another address`,
    )
  }
}
