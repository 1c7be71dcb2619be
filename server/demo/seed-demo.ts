/**
 * @module Seeds the demo publisher on first start: an organisation, an API
 * key and the demo ads with artwork the BFF serves. The key is stored
 * hashed like any other, so its secret is kept in a credentials file
 * beside the database for `npm start` to print on every start.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import type { Kysely } from 'kysely'
import { createAd } from '../ads/ads-repository.js'
import type { Database } from '../db/schema.js'
import { createApiKey } from '../keys/api-keys.js'
import { createOrganisation } from '../orgs/organisations.js'
import { DEMO_ADS } from './demo-ads.js'

export const DEMO_ORGANISATION_NAME = 'Demo Publisher'

export interface DemoCredentials {
  organisation: string
  api_key: string
}

export interface SeedDemoOptions {
  /** The BFF's public base URL, which the ads' image URLs start with. */
  publicUrl: string
  /** Where the demo key is kept between starts; none for an in-memory database. */
  credentialsFile?: string
}

/**
 * Seeds the demo data unless it is already there, and returns its credentials.
 *
 * @example
 * const { api_key } = await seedDemo(db, { publicUrl: 'http://localhost:8787', credentialsFile: './data/demo-credentials.json' })
 */
export async function seedDemo(
  db: Kysely<Database>,
  { publicUrl, credentialsFile }: SeedDemoOptions,
): Promise<DemoCredentials & { created: boolean }> {
  const saved = credentialsFile ? readCredentials(credentialsFile) : undefined
  if (saved) {
    const organisation = await db.selectFrom('organisations').select('id').where('code', '=', saved.organisation).executeTakeFirst()
    if (organisation) return { ...saved, created: false }
  }

  const credentials = await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('organisations').selectAll().where('name', '=', DEMO_ORGANISATION_NAME).executeTakeFirst()
    const organisation = existing ?? (await createOrganisation(trx, { name: DEMO_ORGANISATION_NAME }))
    const { apiKey } = await createApiKey(trx, { organisationId: organisation.id })
    if (!existing) {
      const imageUrl = (name: string) => new URL(`/demo/images/${name}.svg`, publicUrl).href
      for (const ad of DEMO_ADS) {
        await createAd(trx, organisation.id, { ...ad, image: imageUrl(ad.image), images: (ad.images ?? []).map(imageUrl) })
      }
    }
    return { organisation: organisation.code, api_key: apiKey }
  })
  if (credentialsFile) writeFileSync(credentialsFile, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 })
  return { ...credentials, created: true }
}

function readCredentials(file: string): DemoCredentials | undefined {
  if (!existsSync(file)) return undefined
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<DemoCredentials>
    return typeof parsed.organisation === 'string' && typeof parsed.api_key === 'string'
      ? { organisation: parsed.organisation, api_key: parsed.api_key }
      : undefined
  } catch {
    return undefined
  }
}
