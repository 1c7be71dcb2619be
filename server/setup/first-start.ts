/**
 * @module What `serve` does about the first operator as it starts: with
 * the bootstrap variables, make that operator (once); otherwise, on a
 * database with no operator, print a new one-time setup link, on the
 * terminal as a sentence and in the log as `svc.setup_link`, which are
 * the only places the link's token is ever written.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { operatorCount } from '../accounts/users.js'
import { log } from '../log.js'
import { bootstrapOperator, type BootstrapRequest } from './bootstrap-operator.js'
import { killSetupLink, newSetupLink } from './setup-link.js'

/**
 * Makes the operator the bootstrap variables ask for, or logs that one
 * exists already and nothing changed.
 *
 * @example
 * await bootstrapOnStart(db, { email: 'ops@example.com', password })
 */
export async function bootstrapOnStart(db: Kysely<Database>, request: BootstrapRequest, now = new Date()): Promise<void> {
  const made = await bootstrapOperator(db, request, now)
  if (made) log('info', `made ${made.email} the first operator`, { event: 'svc.operator_bootstrapped', email: made.email, sub: made.sub })
  else
    log('info', `an operator exists already, so SVC_BOOTSTRAP_OPERATOR_EMAIL (${request.email}) changed nothing`, {
      event: 'svc.operator_bootstrap_skipped',
      email: request.email,
    })
}

/**
 * On a database with no operator, makes a new setup link (the earlier one
 * dies) and tells the person at the terminal through `say`, and the log;
 * returns the link. With an operator, any leftover link dies and nothing is said.
 *
 * @example
 * await announceSetupLink(db, { issuer: 'https://id.example.com', say: io.stderr })
 */
export async function announceSetupLink(
  db: Kysely<Database>,
  { issuer, say }: { issuer: string; say: (text: string) => void },
): Promise<string | undefined> {
  if ((await operatorCount(db)) > 0) {
    await killSetupLink(db)
    return undefined
  }
  const link = await newSetupLink(db, issuer)
  say(
    `svc has no operator yet. To create the first one, open this link in a browser: ${link}\n` +
      'It works once; restarting svc before it is used prints a new link and the old one stops working.',
  )
  log('info', 'one-time setup link for the first operator', { event: 'svc.setup_link', link })
  return link
}
