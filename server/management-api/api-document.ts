/**
 * @module The management API's OpenAPI 3.1 document: where the API lives,
 * how a caller authenticates, the error answers every route shares, and
 * the document's head. The routes' paths and schemas come from the zod
 * schemas their handlers validate with (`@hono/zod-openapi`), so the
 * document cannot say one thing while a handler does another.
 */
import type { OpenAPIHono } from '@hono/zod-openapi'
import { ProblemSchema } from './problem-details.js'
import { problemTitle } from './problem-json.js'
import { TOKEN_SCOPES } from './token-scopes.js'

export { API_BASE } from './problem-json.js'

const PROBLEM_WHEN: Record<number, string> = {
  400: 'A query or path parameter is invalid, or the body is not valid JSON.',
  401: 'No token, or one that is unknown, expired or revoked (`WWW-Authenticate: Bearer`).',
  403: "The token lacks the route's scope, or its organisation is archived.",
  404: "No such resource in the token's organisation.",
  409: 'The request conflicts with what exists; `detail` says what to do instead.',
  413: 'The body is too large.',
  415: 'The body is not of a type this route takes.',
  422: 'The body breaks a rule; `errors` names each field.',
  429: "The token's calls this minute (or its image uploads) are spent; retry after `Retry-After` seconds. Every answer carries `RateLimit-*` and `X-RateLimit-*`.",
  503: 'svc is busy; retry after `Retry-After` seconds.',
  507: "The organisation's image quota is full.",
}

/**
 * The problem-details answers of a route, for its `responses`; 429 is
 * always among them, since every call with a token counts against its limit.
 *
 * @example
 * responses: { 200: …, ...problemResponses(401, 403, 404) }
 */
export function problemResponses(...statuses: number[]) {
  return Object.fromEntries(
    [...new Set([...statuses, 429])].map((status) => [
      status,
      {
        description: PROBLEM_WHEN[status] ?? `${problemTitle(status)}.`,
        content: {
          'application/problem+json': {
            schema: ProblemSchema,
            // Each status its own example, rather than the schema's 422 under every code; 422 keeps the schema's, whose fields it shows.
            ...(status === 422 ? {} : { example: { type: 'about:blank', title: problemTitle(status), status, detail: PROBLEM_WHEN[status] ?? problemTitle(status) } }),
          },
        },
      },
    ]),
  )
}

/**
 * Registers the bearer scheme the routes name.
 *
 * @example
 * registerSecuritySchemes(api)
 */
export function registerSecuritySchemes(api: OpenAPIHono<any>): void {
  api.openAPIRegistry.registerComponent('securitySchemes', 'managementToken', {
    type: 'http',
    scheme: 'bearer',
    description: `A management token (\`svc_mt_…\`) made in the console (API tokens) or with \`svc-bff token create\`. Scopes: ${TOKEN_SCOPES.join(', ')}; \`write\` implies \`read\`.`,
  })
  api.openAPIRegistry.registerComponent('securitySchemes', 'adsApiKey', {
    type: 'http',
    scheme: 'bearer',
    description: "An organisation's publishable API key (`svc_pk_…`) from `svc-bff key create`, for the public ads API.",
  })
}

/**
 * The document's head: title, version, where to send requests.
 *
 * @example
 * api.doc31('/api/v1/openapi.json', (c) => documentHead(issuer))
 */
export function documentHead(issuer: string, version: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'svc management API',
      version,
      description:
        'Automate what the console does: ads and their images, API keys, clients and their webhook endpoints, users and invitations, webhook deliveries and replay, and reports. ' +
        'Errors are RFC 9457 problem details. The public ads API that `<svc-ads>` calls is described too (tag Public ads API).',
    },
    servers: [{ url: issuer }],
    tags: [
      { name: 'Ads', description: "An organisation's ads." },
      { name: 'Images', description: 'Images for ads, stored by svc.' },
      { name: 'API keys', description: "An organisation's publishable keys for the public ads API." },
      { name: 'Clients', description: 'Applications that sign people in through svc.' },
      { name: 'Webhook endpoints', description: "Where a client's events are sent, signed." },
      { name: 'Users', description: "The organisation's people and their invitations, as the console's People page." },
      { name: 'Webhook deliveries', description: 'What svc sent to clients’ webhook URLs, each attempt, and replaying one.' },
      { name: 'Reports', description: 'Impressions, clicks and their rates, as the console’s Reports.' },
      { name: 'Public ads API', description: 'What partner pages call with a publishable API key; see docs/ads/api.md.' },
    ],
  }
}
