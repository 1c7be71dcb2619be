/**
 * @module The organisations repository: the publishers whose ads svc
 * serves and whose keys call the ads API; the one module that reads and
 * writes the `organisations` table.
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
  const row = await organisationWithCode(db, code)
  if (!row) throw new UnknownOrganisation(code)
  return row
}

/**
 * Finds an organisation by its public code, or `undefined`.
 *
 * @example
 * const org = await organisationWithCode(db, roles.organisation ?? '')
 */
export async function organisationWithCode(db: Kysely<Database>, code: string): Promise<OrganisationRow | undefined> {
  return db.selectFrom('organisations').selectAll().where('code', '=', code).executeTakeFirst()
}

/**
 * Finds an organisation by its row id (as keys and ads name it), or `undefined`.
 *
 * @example
 * const org = await organisationById(db, key.organisation_id)
 */
export async function organisationById(db: Kysely<Database>, id: number): Promise<OrganisationRow | undefined> {
  return db.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * Finds an organisation by its name (the demo's), or `undefined`.
 *
 * @example
 * const demo = await organisationNamed(trx, 'Demo Publisher')
 */
export async function organisationNamed(db: Kysely<Database>, name: string): Promise<OrganisationRow | undefined> {
  return db.selectFrom('organisations').selectAll().where('name', '=', name).executeTakeFirst()
}

/**
 * Every organisation, by name.
 *
 * @example
 * const codes = (await allOrganisations(db)).map((org) => org.code)
 */
export async function allOrganisations(db: Kysely<Database>): Promise<OrganisationRow[]> {
  return db.selectFrom('organisations').selectAll().orderBy('name').execute()
}

/** The origins an organisation's keys accept unless given their own. */
export const originsOfOrganisation = (organisation: OrganisationRow): string[] => JSON.parse(organisation.origins) as string[]
