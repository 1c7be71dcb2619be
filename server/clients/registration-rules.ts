/**
 * @module The rules a client's registration keeps, whoever registers or
 * edits it (the CLI, the console, svc's own clients): its name, and its
 * lists of redirect URIs (each URI's own rule: `redirect-uris.ts`).
 */
import { InvalidInput } from '../invalid-input.js'
import { registrableUri } from './redirect-uris.js'

const MAX_URIS = 50

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
 * A client's name as shown to people: trimmed, 1 to 200 characters.
 *
 * @example
 * const name = clientName('  Shop ') // 'Shop'
 */
export function clientName(value: string): string {
  const name = value.trim()
  if (name === '' || name.length > 200) throw new InvalidInput('name', 'name must be 1 to 200 characters')
  return name
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
