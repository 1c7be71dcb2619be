/**
 * @module Test fixtures shared by the server's tests: a migrated in-memory
 * database with an organisation, a key, and helpers to add ads; and the
 * BFF behind a real `node:http` listener, as production serves it.
 */
import type { AddressInfo } from 'node:net'
import type { Kysely } from 'kysely'
import { type AppOptions, createBff } from '../app.js'
import { createAd } from '../ads/ads-repository.js'
import { openTestDatabase } from '../db/test-database.js'
import type { AdRow, Database, OrganisationRow } from '../db/schema.js'
import { createApiKey, type NewApiKey } from '../api-keys/api-keys.js'
import { createOrganisation } from '../orgs/organisations.js'
import { httpServer } from '../http/http-server.js'

export interface Publisher {
  db: Kysely<Database>
  organisation: OrganisationRow
  apiKey: string
  /** Adds a published ad to this organisation (fields override the defaults). */
  addAd(fields?: Record<string, unknown>): Promise<AdRow>
  /** Creates another key of this organisation. */
  addKey(options?: Omit<NewApiKey, 'organisationId'>): Promise<string>
}

let adNumber = 0

/**
 * Opens a fresh in-memory database holding one organisation with one key.
 *
 * @example
 * const { db, apiKey, addAd } = await publisherFixture()
 */
export async function publisherFixture(db?: Kysely<Database>, name = 'Acme'): Promise<Publisher> {
  const database = db ?? (await openTestDatabase())
  const organisation = await createOrganisation(database, { name })
  const { apiKey } = await createApiKey(database, { organisationId: organisation.id })
  return {
    db: database,
    organisation,
    apiKey,
    addAd: (fields = {}) =>
      createAd(database, organisation.id, {
        title: `Ad ${++adNumber}`,
        display: 'Home Slider Ads',
        url: 'https://shop.example/',
        link: 'Go',
        ...fields,
      }),
    addKey: async (options = {}) => (await createApiKey(database, { ...options, organisationId: organisation.id })).apiKey,
  }
}

export interface ListeningBff {
  origin: string
  /** Sends a request to `path` through the real listener, as `app.request()` would in process. */
  request(path: string, init?: RequestInit): Promise<Response>
  close(): Promise<void>
}

/**
 * Starts the BFF on an ephemeral loopback port, through the listener
 * production runs (the edge and its fast routes, then Hono).
 *
 * @example
 * const bff = await listeningBff({ db })
 * const res = await bff.request('/ads/home', { headers: { Authorization: `Bearer ${key}` } })
 */
export async function listeningBff(options: AppOptions): Promise<ListeningBff> {
  // The server `serve` runs: its keep-alive outlasts a test's pauses, where Node's 5 s could reset a request.
  const server = httpServer(createBff(options).listener)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    request: (path, init) => fetch(`${origin}${path}`, init),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
