/**
 * @module The `svc-bff` command line: dispatches `svc-bff <command>` to
 * its module and prints the result as text or, with `--json`, as exactly
 * one JSON object on stdout. Errors go to stderr with a non-zero exit.
 */
import { Refusal } from '../refusal.js'
import { InvalidSetting } from '../settings.js'
import { BACKUP_USAGE, backupCommand } from './backup-command.js'
import { PROVIDER_USAGE, providerAdd, providerList } from './external-provider-commands.js'
import { AD_USAGE, adCreate, adDelete, adList, adUpdate } from './ad-commands.js'
import { CliError, UsageError } from './cli-error.js'
import type { CliIo, CommandOutput } from './context.js'
import { CLIENT_USAGE, clientCreate } from './client-commands.js'
import { KEY_USAGE, keyCreate } from './api-key-commands.js'
import { KEYS_USAGE, keysRotate } from './signing-key-commands.js'
import { INVITE_USAGE, userInvite } from './invite-command.js'
import { IMAGE_USAGE, imagePrune } from './image-commands.js'
import { USER_ACCOUNT_USAGE, USER_USAGE, userCreate, userDelete, userRevokeConsent } from './user-commands.js'
import { clientSecretAdd, clientSecretRemove, WEBHOOK_USAGE, webhooksList, webhooksPing, webhooksReplay } from './webhook-commands.js'
import { WEBHOOK_RECOVER_USAGE, webhooksRecover } from './webhook-recover-command.js'
import {
  WEBHOOK_ENDPOINT_USAGE,
  webhookEndpointAdd,
  webhookEndpointDisable,
  webhookEndpointEnable,
  webhookEndpointList,
  webhookEndpointRemove,
  webhookEndpointTest,
} from './webhook-endpoint-commands.js'
import { ORG_USAGE, orgCreate } from './org-commands.js'
import { REPORT_USAGE, reportCommand } from './report-command.js'
import { SEED_USAGE, seedCommand } from './seed-command.js'
import { SERVE_USAGE, serveCommand } from './serve-command.js'
import { MIGRATE_USAGE, migrateCommand } from './migrate-command.js'
import { VERSION_USAGE, versionCommand } from './version-command.js'
import { ORG_LIST_USAGE, orgList } from './org-list-command.js'
import { ORG_ARCHIVE_USAGE, orgArchive, orgUnarchive } from './org-archive-command.js'
import { KEY_LIST_USAGE, keyList } from './key-list-command.js'
import { KEY_REVOKE_USAGE, keyRevoke } from './key-revoke-command.js'
import { USER_LIST_USAGE, userList } from './user-list-command.js'
import { USER_UPDATE_USAGE, userUpdate } from './user-update-command.js'
import { USER_SIGN_OUT_USAGE, userSignOut } from './user-sign-out-command.js'
import { CLIENT_LIST_USAGE, clientList } from './client-list-command.js'
import { AUDIT_USAGE, auditList, auditPrune } from './audit-command.js'
import { SECRETS_USAGE, secretsRekey } from './secrets-command.js'
import { TOKEN_USAGE, tokenCreate, tokenList, tokenRevoke } from './token-commands.js'
import { SECOND_FACTOR_USAGE, consoleRequireSecondFactor, userSecondFactorRemove } from './second-factor-commands.js'

type Command = (args: string[], io: CliIo) => Promise<CommandOutput>

const COMMANDS: Record<string, Command> = {
  serve: serveCommand,
  version: versionCommand,
  '--version': versionCommand,
  backup: backupCommand,
  'provider add': providerAdd,
  'provider list': providerList,
  'org create': orgCreate,
  'org list': orgList,
  'org archive': orgArchive,
  'org unarchive': orgUnarchive,
  'key create': keyCreate,
  'key list': keyList,
  'key revoke': keyRevoke,
  'ad create': adCreate,
  'ad list': adList,
  'ad update': adUpdate,
  'ad delete': adDelete,
  'image prune': imagePrune,
  seed: seedCommand,
  report: reportCommand,
  'user create': userCreate,
  'user list': userList,
  'user update': userUpdate,
  'user invite': userInvite,
  'user sign-out': userSignOut,
  'client create': clientCreate,
  'client list': clientList,
  'keys rotate': keysRotate,
  'secrets rekey': secretsRekey,
  'user revoke-consent': userRevokeConsent,
  'user delete': userDelete,
  'webhooks list': webhooksList,
  'webhooks replay': webhooksReplay,
  'webhooks ping': webhooksPing,
  'webhooks recover': webhooksRecover,
  'webhooks endpoint add': webhookEndpointAdd,
  'webhooks endpoint list': webhookEndpointList,
  'webhooks endpoint disable': webhookEndpointDisable,
  'webhooks endpoint enable': webhookEndpointEnable,
  'webhooks endpoint remove': webhookEndpointRemove,
  'webhooks endpoint test': webhookEndpointTest,
  'client secret add': clientSecretAdd,
  'client secret remove': clientSecretRemove,
  migrate: migrateCommand,
  'audit list': auditList,
  'audit prune': auditPrune,
  'token create': tokenCreate,
  'token list': tokenList,
  'token revoke': tokenRevoke,
  'console require-second-factor': consoleRequireSecondFactor,
  'user second-factor remove': userSecondFactorRemove,
}

export const USAGE = `Usage: svc-bff <command> [flags]

Commands:
  ${SERVE_USAGE}
  ${ORG_USAGE}
  ${ORG_LIST_USAGE}
  ${ORG_ARCHIVE_USAGE}
  ${KEY_USAGE}
  ${KEY_LIST_USAGE}
  ${KEY_REVOKE_USAGE}
  ${AD_USAGE}
  ${IMAGE_USAGE}
  ${REPORT_USAGE}
  ${USER_USAGE}
  ${USER_LIST_USAGE}
  ${USER_UPDATE_USAGE}
  ${INVITE_USAGE}
  ${USER_SIGN_OUT_USAGE}
  ${CLIENT_USAGE}
  ${CLIENT_LIST_USAGE}
  ${KEYS_USAGE}
  ${SECRETS_USAGE}
  ${USER_ACCOUNT_USAGE}
  ${WEBHOOK_USAGE}
  ${WEBHOOK_ENDPOINT_USAGE}
  ${WEBHOOK_RECOVER_USAGE}
  ${SEED_USAGE}
  ${BACKUP_USAGE}
  ${PROVIDER_USAGE}
  ${MIGRATE_USAGE}
  ${VERSION_USAGE}
  ${AUDIT_USAGE}
  ${TOKEN_USAGE}
  ${SECOND_FACTOR_USAGE}

Every command takes, after its name, --db PATH (SQLite file; default
./data/svc.db, or SVC_DB; DATABASE_URL=postgres://… for PostgreSQL) and
--json (print one JSON object on stdout and nothing else). Give a command
the same --db as the running server, or it changes another database.
From a checkout, run svc-bff as: npm run bff -- COMMAND ...
Every setting and its environment variable: docs/operate/configuration.md`

/**
 * Runs one command line and returns the exit code; `serve` keeps the
 * process alive after returning 0.
 *
 * @example
 * process.exitCode = await runCli(process.argv.slice(2), { stdout: console.log, stderr: console.error })
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const json = argv.includes('--json')
  try {
    const [first] = argv
    if (first === undefined || first === 'help' || first === '--help' || first === '-h') {
      io.stdout(json ? JSON.stringify({ usage: USAGE }) : USAGE)
      return 0
    }
    // Commands are one to three words (`serve`, `org create`, `client secret add`); the longest match wins.
    const words = [3, 2, 1].find((count) => COMMANDS[argv.slice(0, count).join(' ')] !== undefined) ?? 1
    const [name, args] = [argv.slice(0, words).join(' '), argv.slice(words)]
    const command = COMMANDS[name]
    if (!command) {
      const group = commandGroup(argv)
      if (group) throw new UsageError(`${group.words} needs one of: ${group.commands.join(', ')}`)
      throw new UsageError(`unknown command ${JSON.stringify(name)}; run svc-bff --help for the list`)
    }
    if (args.includes('--help') || args.includes('-h')) {
      io.stdout(USAGE)
      return 0
    }
    const output = await command(args, io)
    io.stdout(json ? JSON.stringify(output.json) : output.text)
    return 0
  } catch (error) {
    const failure = asCliError(error)
    io.stderr(`svc-bff: ${failure.message}`)
    if (json) io.stdout(JSON.stringify({ error: { message: failure.message, exit_code: failure.exitCode } }))
    return failure.exitCode
  }
}

function asCliError(error: unknown): CliError {
  if (error instanceof CliError) return error
  if (error instanceof InvalidSetting) return new UsageError(error.message)
  // A refusal's message is written for whoever asked; anything else is a fault, shown whole to the operator.
  if (error instanceof Refusal) return new CliError(error.message)
  return new CliError(`unexpected failure: ${(error as Error).stack ?? String(error)}`)
}

/** The commands the longest known leading words of `argv` start (`client` → client create, …), for a group word given alone. */
function commandGroup(argv: string[]): { words: string; commands: string[] } | undefined {
  for (const count of [2, 1]) {
    const words = argv.slice(0, count).join(' ')
    const commands = Object.keys(COMMANDS).filter((known) => known.startsWith(`${words} `))
    if (argv.length >= count && commands.length > 0) return { words, commands }
  }
  return undefined
}
