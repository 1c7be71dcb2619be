/**
 * @module The console pages' calls to `/console/api`: JSON both ways, the
 * session's CSRF token on every write, and refusals turned into a
 * {@link ConsoleApiError} carrying the per-field messages. A call takes an
 * `AbortSignal`, so a page can drop an answer nobody waits for any more.
 */
import type { ConsoleMe, ConsoleRefusal } from '../../shared/console-wire.js'
import { problemWords } from './console-words.js'

export type { ConsoleMe, ConsoleRoles } from '../../shared/console-wire.js'

/** What a call sends: a JSON body, and the signal that abandons it. */
export interface ConsoleCall {
  body?: unknown
  signal?: AbortSignal | undefined
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
 * Calls the console API; resolves with the JSON answer (or `undefined` for
 * 204). An aborted call rejects with the signal's `AbortError`.
 *
 * @example
 * const { ads } = await consoleApi<ConsoleAdList>('GET', '/ads?status=draft', { signal })
 * await consoleApi('POST', '/keys', { body: { organisation, origins, rate_limit } })
 */
export async function consoleApi<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  { body, signal }: ConsoleCall = {},
): Promise<T> {
  // No answer at all (offline, svc restarting) is said in words; an abort stays an abort.
  const response = await fetch(`/console/api${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(method === 'GET' ? {} : { 'X-CSRF-Token': csrf }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  }).catch((error: unknown) => {
    if (signal?.aborted) throw error
    throw new ConsoleApiError(0, problemWords(0, undefined))
  })
  if (response.status === 401) {
    location.assign(`/console/login?return=${encodeURIComponent(location.pathname)}`)
    throw new ConsoleApiError(401, 'signing in again')
  }
  if (response.status === 204) return undefined as T
  const answer = (await response.json().catch(() => ({}))) as Partial<ConsoleRefusal>
  if (!response.ok) throw new ConsoleApiError(response.status, problemWords(response.status, answer.message), answer.errors)
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
