/**
 * @module The management API's one error shape: RFC 9457 problem details
 * (`application/problem+json`) with `type`, `title`, `status`, `detail`,
 * the request id, and `errors` naming each invalid field (a JSON pointer
 * into the body, as RFC 9457's own example does) or query parameter. Every
 * refusal of `/api/v1` goes through {@link problemAnswer}: zod's
 * validation failures, malformed JSON, a missing token, and svc's own
 * faults, which expose only the request id (`refusal.ts` decides).
 */
import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { z as zod } from 'zod'
import { callerHungUp } from '../http/caller-hung-up.js'
import { exposureOf, Refusal } from '../refusal.js'
import { problemTitle } from './problem-json.js'

/** One invalid input: a body field by JSON pointer (`#/title`), or a query or path parameter by name. */
export interface FieldProblem {
  detail: string
  pointer?: string
  parameter?: string
}

export const ProblemSchema = z
  .object({
    type: z
      .string()
      .openapi({ description: '`about:blank`: the status and `title` say what kind of problem it is, `detail` what to fix.' }),
    title: z.string().openapi({ example: problemTitle(422), description: "RFC 9110's reason phrase of `status`." }),
    status: z.number().int().openapi({ example: 422 }),
    detail: z.string().openapi({ example: 'the body has 1 invalid field: weight must be an integer from 1 to 100' }),
    request_id: z.string().optional().openapi({ description: 'Quote it when contacting the operator.' }),
    errors: z
      .array(z.object({ detail: z.string(), pointer: z.string().optional(), parameter: z.string().optional() }))
      .optional()
      .openapi({ description: 'Each invalid field: `pointer` into the JSON body (`#/title`) or the `parameter` by name.' }),
  })
  .openapi('Problem', { description: 'RFC 9457 problem details, the shape of every error of the management API.' })

export type Problem = z.infer<typeof ProblemSchema>

/** A refusal that carries the invalid fields, each named (422, or 400 for query and path parameters). */
export class InvalidFields extends Refusal {
  override name = 'InvalidFields'
  constructor(
    readonly status: 400 | 422,
    message: string,
    readonly problems: FieldProblem[],
  ) {
    super(message)
  }
}

/**
 * The problem-details answer to any error raised under `/api/v1`.
 *
 * @example
 * app.onError((error, c) => problemAnswer(c, error))
 */
export function problemAnswer(c: Context, error: unknown): Response {
  const requestId: string | undefined = c.get('requestId')
  if (error instanceof HTTPException) {
    // Hono's own refusals: the JSON validator's malformed body above all.
    const detail = /malformed json/i.test(error.message)
      ? 'the body is not valid JSON; send one JSON object with Content-Type: application/json'
      : error.status === 415
        ? `this route does not take a body of Content-Type ${c.req.header('Content-Type') ?? '(none)'}; the reference at /api/v1/docs lists the types it takes`
        : error.message || problemTitle(error.status)
    return problemResponse(error.status, detail, { requestId })
  }
  const { status, message, headers, field } = exposureOf(error, { requestId, hungUp: callerHungUp(c) })
  const errors =
    error instanceof InvalidFields ? error.problems : field === undefined ? undefined : [{ pointer: pointerTo([field]), detail: message }]
  return problemResponse(status, message, { requestId, errors, headers })
}

/**
 * A problem-details response.
 *
 * @example
 * return problemResponse(404, 'no ad ADS0000000001 in this organisation', { requestId })
 */
export function problemResponse(
  status: number,
  detail: string,
  {
    requestId,
    errors,
    headers = {},
  }: { requestId?: string | undefined; errors?: FieldProblem[] | undefined; headers?: Record<string, string> } = {},
): Response {
  const body: Problem = { type: 'about:blank', title: problemTitle(status), status, detail }
  if (requestId !== undefined) body.request_id = requestId
  if (errors !== undefined) body.errors = errors
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store', ...headers },
  })
}

/**
 * The refusal of input zod found invalid: each issue as a field problem,
 * in the body (422) or in the query or path (400).
 *
 * @example
 * throw invalidFieldsOf(result.error, 'json')
 */
export function invalidFieldsOf(error: zod.ZodError, target: string): InvalidFields {
  const inBody = target === 'json' || target === 'form'
  const problems = new Map<string, FieldProblem>()
  for (const issue of error.issues) {
    const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path
    const wholeBody = inBody && path.length === 0
    const detail = wholeBody && issue.code === 'invalid_type' ? 'send one JSON object of fields' : issue.message
    const problem: FieldProblem = inBody ? { pointer: pointerTo(path), detail } : { parameter: String(path[0] ?? ''), detail }
    const key = problem.pointer ?? problem.parameter ?? ''
    if (!problems.has(key)) problems.set(key, problem)
  }
  const list = [...problems.values()]
  const what = inBody ? 'the body has' : 'the request has'
  return new InvalidFields(
    inBody ? 422 : 400,
    `${what} ${list.length} invalid ${list.length === 1 ? 'field' : 'fields'}: ${list.map((p) => p.detail).join('; ')}`,
    list,
  )
}

/** A JSON pointer (RFC 6901) in URI fragment form, as RFC 9457's example writes it. */
const pointerTo = (path: readonly PropertyKey[]): string =>
  `#${path.map((part) => `/${encodeURIComponent(String(part).replaceAll('~', '~0').replaceAll('/', '~1'))}`).join('')}`
