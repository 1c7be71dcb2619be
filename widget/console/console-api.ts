/**
 * @module The console pages' calls to `/console/api`: JSON both ways, the
 * session's CSRF token on every write, and refusals turned into a
 * {@link ConsoleApiError} carrying the per-field messages.
 */

export interface ConsoleRoles {
  organisation?: string
  ads: boolean
  apiKeys: boolean
  developer: boolean
  operator: boolean
}

export interface ConsoleMe {
  sub: string
  name: string
  email: string
  roles: ConsoleRoles
  csrf: string
  organisations: { code: string; name: string }[]
}

/** A refusal from the console API; `fields` names what to fix where. */
export class ConsoleApiError extends Error {
  override name = 'ConsoleApiError'
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message)
  }
}

let csrf = ''

/**
 * Calls the console API; resolves with the JSON answer (or `undefined` for 204).
 *
 * @example
 * const { ads } = await consoleApi<{ ads: Ad[] }>('GET', '/ads?status=draft')
 */
export async function consoleApi<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/console/api${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(method === 'GET' ? {} : { 'X-CSRF-Token': csrf }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  })
  if (response.status === 401) {
    location.assign(`/console/login?return=${encodeURIComponent(location.pathname)}`)
    throw new ConsoleApiError(401, 'signing in again')
  }
  if (response.status === 204) return undefined as T
  const answer = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string> }
  if (!response.ok)
    throw new ConsoleApiError(response.status, answer.message ?? `the console API answered ${response.status}`, answer.errors)
  return answer as T
}

/** The session's CSRF token, for the few forms that post to the console itself. */
export const consoleCsrf = (): string => csrf

/**
 * Who is signed in; also arms the CSRF token for later writes.
 *
 * @example
 * const me = await loadMe()
 */
export async function loadMe(): Promise<ConsoleMe> {
  const me = await consoleApi<ConsoleMe>('GET', '/me')
  csrf = me.csrf
  return me
}
