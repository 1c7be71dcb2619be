/**
 * @module The rules a client's registration keeps, whoever registers or
 * edits it (the CLI, the console, svc's own clients): its name (never one
 * that passes for svc's own applications), its application type, and its
 * lists of redirect URIs (each URI's own rule: `redirect-uris.ts`).
 */
import type { ApplicationType } from '../db/schema.js'
import { InvalidInput } from '../invalid-input.js'
import { CLIENT_NAME_MAX } from '../../shared/field-limits.js'
import { registrableUri } from './redirect-uris.js'

const MAX_URIS = 50
/** The console's own registration, the one client that may carry svc's name. */
export const SVC_CONSOLE_CLIENT_NAME = 'svc console'
/**
 * Names that pass for svc's own applications on a consent page, compared
 * as {@link comparableName} writes them: a client called "SVC Console"
 * could ask a person for everything under svc's authority. A branded
 * deployment's product name (`SVC_BRAND_NAME`) is reserved the same way.
 */
const reservedNames = (productName: string): Set<string> =>
  new Set(
    ['svc', productName]
      .flatMap((product) => [product, `${product} console`, `${product} account`, `${product} sign in`, `${product} login`])
      .concat(SVC_CONSOLE_CLIENT_NAME)
      .map(comparableName),
  )
export const APPLICATION_TYPES: readonly ApplicationType[] = ['web', 'native']

/**
 * Registered URIs, each once; too many is refused rather than kept.
 *
 * @example
 * const redirectUris = registeredUris('redirect_uri', ['https://shop.example/cb'], undefined)
 */
export function registeredUris(field: string, values: string[], issuer: string | undefined): string[] {
  const unique = [...new Set(values)]
  if (unique.length > MAX_URIS) throw new InvalidInput(field, `a client may register at most ${MAX_URIS} ${field}s`)
  return unique.map((value) => registrableUri(field, value, issuer))
}

/**
 * A client's name as shown to people: trimmed, 1 to 200 characters, and
 * not one of svc's own or the deployment's product's (`productName`),
 * unless `svcOwn` (the console's registration).
 *
 * @example
 * const name = clientName('  Shop ') // 'Shop'
 */
export function clientName(
  value: string,
  { svcOwn = false, productName = 'svc' }: { svcOwn?: boolean; productName?: string } = {},
): string {
  const name = value.trim()
  if (name === '' || name.length > CLIENT_NAME_MAX) throw new InvalidInput('name', `name must be 1 to ${CLIENT_NAME_MAX} characters`)
  if (!svcOwn && reservedNames(productName).has(comparableName(name)))
    throw new InvalidInput(
      'name',
      `name ${JSON.stringify(name)} is reserved for svc's own applications; choose your application's own name`,
    )
  return name
}

/**
 * The application type a client registers: `web` unless given, or
 * `native` (an app on a device, whose loopback redirect URIs take any port).
 *
 * @example
 * const type = applicationType(form.application_type) // 'web'
 */
export function applicationType(value: string | undefined): ApplicationType {
  if (value === undefined) return 'web'
  if (!(APPLICATION_TYPES as readonly string[]).includes(value))
    throw new InvalidInput('application_type', `application_type must be ${APPLICATION_TYPES.join(' or ')}`)
  return value as ApplicationType
}

/** A name as a reader tells it apart: case, spaces and punctuation ignored, compatibility forms folded (fullwidth letters). */
function comparableName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
}

/**
 * Redirect URIs a client registers: at least one, each keeping the rules.
 *
 * @example
 * const uris = redirectUriList(['https://shop.example/cb'])
 */
export function redirectUriList(values: string[], issuer?: string): string[] {
  if (values.length === 0) throw new InvalidInput('redirect_uris', 'a client needs at least one redirect URI')
  return registeredUris('redirect_uri', values, issuer)
}
