/**
 * @module The organisations repository: the publishers whose ads svc
 * serves and whose keys call the ads API.
 */
import type { Kysely } from 'kysely'
import { insertWithFreshCode } from '../db/public-code.js'
import type { Database, OrganisationRow } from '../db/schema.js'
import { InvalidInput } from '../invalid-input.js'
import { canonicalOrigin } from './origins.js'
import { Refusal } from '../refusal.js'

export interface NewOrganisation {
  name: string
  /** Origins that keys of this organisation accept by default. */
  origins?: string[]
}

/** Raised when an organisation code names no organisation. */
export class UnknownOrganisation extends Refusal {
  override name = 'UnknownOrganisation'
  readonly status = 404
  constructor(readonly organisationCode: string) {
    super(`no organisation has the code ${organisationCode}`)
  }
}

/**
 * Stores a new organisation and returns it.
 *
 * @example
 * const org = await createOrganisation(db, { name: 'Acme', origins: ['https://acme.example'] })
 */
export async function createOrganisation(db: Kysely<Database>, input: NewOrganisation, now = new Date()): Promise<OrganisationRow> {
  const name = input.name.trim()
  if (name === '' || name.length > 200) throw new InvalidInput('name', 'name must be 1 to 200 characters')
  const origins = (input.origins ?? []).map(canonicalOrigin)
  const { result } = await insertWithFreshCode('ORG', (code) =>
    db
      .insertInto('organisations')
      .values({ code, name, origins: JSON.stringify(origins), created_at: now.toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow(),
  )
  return result
}

/**
 * Finds an organisation by its public code, or throws {@link UnknownOrganisation}.
 *
 * @example
 * const org = await organisationByCode(db, 'ORG0123456789')
 */
export async function organisationByCode(db: Kysely<Database>, code: string): Promise<OrganisationRow> {
  const row = await db.selectFrom('organisations').selectAll().where('code', '=', code).executeTakeFirst()
  if (!row) throw new UnknownOrganisation(code)
  return row
}
