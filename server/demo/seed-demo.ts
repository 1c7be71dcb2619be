/**
 * @module Seeds the demo publisher on first start: an organisation, an API
 * key, the demo ads with artwork the BFF serves, one console account per
 * role, and the demo page's sign-in client. The key is stored
 * hashed like any other, so its secret is kept in a credentials file
 * beside the database for `npm start` to print on every start.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import type { Kysely } from 'kysely'
import { createUser, type NewUser, userByEmail } from '../accounts/users.js'
import { hashPassword } from '../accounts/passwords.js'
import { createAd } from '../ads/ads-repository.js'
import { createClient, setRedirectUris, thirdPartyClientIdNamed } from '../clients/clients.js'
import type { Database } from '../db/schema.js'
import { createApiKey } from '../api-keys/api-keys.js'
import { createOrganisation, organisationNamed, organisationWithCode } from '../orgs/organisations.js'
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
): Promise<DemoCredentials & { client_id: string; created: boolean }> {
  const saved = credentialsFile ? readCredentials(credentialsFile) : undefined
  if (saved) {
    const organisation = await organisationWithCode(db, saved.organisation)
    if (organisation) {
      await seedDemoAccounts(db, saved.organisation)
      return { ...saved, client_id: await seedDemoClient(db, publicUrl), created: false }
    }
  }

  const credentials = await db.transaction().execute(async (trx) => {
    const existing = await organisationNamed(trx, DEMO_ORGANISATION_NAME)
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
  await seedDemoAccounts(db, credentials.organisation)
  return { ...credentials, client_id: await seedDemoClient(db, publicUrl), created: true }
}

const DEMO_CLIENT_NAME = 'Demo Partner'

/** The demo page's own sign-in client (public, its origin this server's), kept pointing at `publicUrl`; returns its id. */
async function seedDemoClient(db: Kysely<Database>, publicUrl: string): Promise<string> {
  const redirectUris = [`${publicUrl.replace(/\/$/, '')}/`]
  const existing = await thirdPartyClientIdNamed(db, DEMO_CLIENT_NAME)
  if (existing !== undefined) {
    await setRedirectUris(db, existing, redirectUris)
    return existing
  }
  return (await createClient(db, { name: DEMO_CLIENT_NAME, public: true, redirectUris, issuer: publicUrl })).clientId
}

/** The demo's console accounts, one per role, all with {@link DEMO_PASSWORD}. */
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.example', name: 'Ada Admin', role: 'organisation admin: ads and API keys' },
  { email: 'marketer@demo.example', name: 'Mary Marketer', role: 'marketer: ads' },
  { email: 'developer@demo.example', name: 'Dev Developer', role: 'developer: clients and webhooks' },
  { email: 'operator@demo.example', name: 'Otto Operator', role: 'operator: everything, signing keys too' },
] as const
export const DEMO_PASSWORD = 'svc demo password'

/** Adds the demo accounts that are missing (an older demo database may have none). */
async function seedDemoAccounts(db: Kysely<Database>, organisation: string): Promise<void> {
  const roles: Record<string, Partial<NewUser>> = {
    'admin@demo.example': { svcRole: 'admin', svcApp: organisation },
    'marketer@demo.example': { svcRole: 'marketer', svcApp: organisation, svcAccess: ['Ads:Edit'] },
    'developer@demo.example': { svcRole: 'developer' },
    'operator@demo.example': { svcRole: 'operator', svcMaster: true },
  }
  // One hash for the four: the password is published, and each scrypt hash
  // costs a tenth of a second of CPU on every fresh `serve --demo`.
  let passwordHash: string | undefined
  for (const account of DEMO_ACCOUNTS) {
    if (await userByEmail(db, account.email)) continue
    passwordHash ??= await hashPassword(DEMO_PASSWORD)
    await createUser(db, { email: account.email, name: account.name, password: DEMO_PASSWORD, passwordHash, ...roles[account.email] })
  }
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
