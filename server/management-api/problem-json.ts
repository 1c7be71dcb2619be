/**
 * @module The problem-details body (RFC 9457) and its titles, without the
 * API's libraries: the edge refuses a body too large for `/api/v1` before
 * the management API is loaded (`lazy-management-api.ts`), and must answer
 * in the same shape as the API does. The titles are RFC 9110's reason
 * phrases, not Node's `STATUS_CODES`, which still says "Unprocessable
 * Entity" and "Payload Too Large" (RFC 7231's words, renamed in 2022).
 */

/** Where the management API is mounted. */
export const API_BASE = '/api/v1'

/**
 * The reason phrase of each status svc's APIs answer with: RFC 9110 §15,
 * and RFC 6585 (429), RFC 4918 (507) for the two it does not define.
 */
export const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  507: 'Insufficient Storage',
}

/**
 * The `title` of a problem of this status.
 *
 * @example
 * problemTitle(422) // 'Unprocessable Content'
 */
export const problemTitle = (status: number): string => REASON_PHRASES[status] ?? (status >= 500 ? 'Server Error' : 'Client Error')

/**
 * Whether a request target is the management API's (`/api/v1` or below it).
 *
 * @example
 * isManagementApiPath('/api/v1/ads?limit=2') // true
 */
export function isManagementApiPath(target: string): boolean {
  return target.startsWith(API_BASE) && (target.length === API_BASE.length || '/?'.includes(target[API_BASE.length]!))
}

/**
 * The JSON text of a problem, with the request id as the API carries it.
 *
 * @example
 * problemJson(413, 'the body is over 1048576 bytes', requestId)
 */
export function problemJson(status: number, detail: string, requestId?: string): string {
  const body: Record<string, unknown> = { type: 'about:blank', title: problemTitle(status), status, detail }
  if (requestId !== undefined) body.request_id = requestId
  return JSON.stringify(body)
}
