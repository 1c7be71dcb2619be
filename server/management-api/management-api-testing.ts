/**
 * @module What the management API's route tests share: two organisations
 * in one database, the app over it, a token maker and a caller (the
 * request helper and problem check of `server/testing/management-api-requests.ts`).
 */
import { type AppOptions, createApp } from '../app.js'
import { type ManagementApiCall, managementApiCall } from '../testing/management-api-requests.js'
import { type Publisher, publisherFixture } from '../testing/publisher.js'
import { createManagementToken } from './management-tokens-repository.js'

export interface ApiTestbed {
  acme: Publisher
  other: Publisher
  app: ReturnType<typeof createApp>
  /** A live token of acme (or, with `null`, operator-wide) with these scopes. */
  token(scopes: string, organisationId?: number | null): Promise<string>
  /** A request to `/api/v1{path}`, a JSON body sent as JSON. */
  call: ManagementApiCall
}

/**
 * Opens the test database with organisations Acme and Other and the app over it.
 *
 * @example
 * const { call, token } = await apiTestbed()
 */
export async function apiTestbed(options: Partial<AppOptions> = {}): Promise<ApiTestbed> {
  const acme = await publisherFixture(undefined, 'Acme')
  const other = await publisherFixture(acme.db, 'Other')
  const app = createApp({ db: acme.db, ...options })
  return {
    acme,
    other,
    app,
    token: async (scopes, organisationId = acme.organisation.id) =>
      (await createManagementToken(acme.db, { name: 'test', organisationId, scopes, createdBy: 'cli:test' })).secret,
    call: managementApiCall(app),
  }
}

export { json, problem } from '../testing/management-api-requests.js'
