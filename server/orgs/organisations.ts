/**
 * @module The organisations repository: the publishers whose ads svc
 * serves and whose keys call the ads API; the one module that reads and
 * writes the `organisations` table.
 */
import type { Kysely } from 'kysely'
import { insertWithFreshCode } from '../db/public-code.js'
import type { Database, OrganisationRow } from '../db/schema.js'
import { InvalidInput } from '../invalid-input.js'
import { ORGANISATION_NAME_MAX } from '../../shared/field-limits.js'
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
 * An organisation's name as stored, trimmed; throws {@link InvalidInput} for `name` when blank or past 200 characters.
 * `org create` and the console's Organisations page both check names here.
 *
 * @example
 * organisationNameOf('  Acme ') // 'Acme'
 */
export function organisationNameOf(input: string): string {
  const name = input.trim()
  if (name === '' || name.length > ORGANISATION_NAME_MAX)
    throw new InvalidInput('name', `name must be 1 to ${ORGANISATION_NAME_MAX} characters`)
  return name
}

/**
 * An organisation's default origins as stored: each canonical (throwing {@link InvalidInput} for `origins`), each once.
 *
 * @example
 * organisationOriginsOf(['HTTPS://Acme.example:443', 'https://acme.example']) // ['https://acme.example']
 */
export function organisationOriginsOf(input: readonly string[]): string[] {
  return [
    ...new Set(
      input
        .map((origin) => origin.trim())
        .filter(Boolean)
        .map(canonicalOrigin),
    ),
  ]
}

/**
 * Stores a new organisation and returns it.
 *
 * @example
 * const org = await createOrganisation(db, { name: 'Acme', origins: ['https://acme.example'] })
 */
export async function createOrganisation(db: Kysely<Database>, input: NewOrganisation, now = new Date()): Promise<OrganisationRow> {
  const name = organisationNameOf(input.name)
  const origins = organisationOriginsOf(input.origins ?? [])
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
 * Renames an organisation, checking the name as {@link createOrganisation} does; returns the row as it is now.
 *
 * @example
 * await renameOrganisation(db, org.id, 'Acme Publishing')
 */
export async function renameOrganisation(db: Kysely<Database>, id: number, name: string): Promise<OrganisationRow> {
  return db
    .updateTable('organisations')
    .set({ name: organisationNameOf(name) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * Replaces the origins an organisation's new keys accept by default; keys made before keep their own lists.
 *
 * @example
 * await setOrganisationOrigins(db, org.id, ['https://acme.example'])
 */
export async function setOrganisationOrigins(db: Kysely<Database>, id: number, origins: readonly string[]): Promise<OrganisationRow> {
  return db
    .updateTable('organisations')
    .set({ origins: JSON.stringify(organisationOriginsOf(origins)) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * Archives an organisation (its ads are not served, its keys are refused) or brings it back; archiving an archived one keeps its date.
 *
 * @example
 * await setOrganisationArchived(db, org.id, true)
 */
export async function setOrganisationArchived(
  db: Kysely<Database>,
  id: number,
  archived: boolean,
  now = new Date(),
): Promise<OrganisationRow> {
  const current = await organisationById(db, id)
  if (!current) throw new Error(`no organisation with id ${id}`)
  if (archived === (current.archived_at !== null)) return current
  return db
    .updateTable('organisations')
    .set({ archived_at: archived ? now.toISOString() : null })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * The organisations not archived, by name: those the console's pickers offer.
 *
 * @example
 * const offered = await activeOrganisations(db)
 */
export async function activeOrganisations(db: Kysely<Database>): Promise<OrganisationRow[]> {
  return byName(await db.selectFrom('organisations').selectAll().where('archived_at', 'is', null).execute())
}

/**
 * Every organisation, archived ones too, by name.
 *
 * @example
 * const codes = (await allOrganisations(db)).map((org) => org.code)
 */
export async function allOrganisations(db: Kysely<Database>): Promise<OrganisationRow[]> {
  return byName(await db.selectFrom('organisations').selectAll().execute())
}

/**
 * Names in the order a reader expects ("acme" beside "Acme", "Ärzte" after
 * "Apotheke", "Shop 9" before "Shop 10"), the same on either database: SQL's
 * `ORDER BY name` follows the database's collation, bytes on SQLite and the
 * locale on PostgreSQL. An install has tens of organisations, not thousands.
 */
let nameOrder: Intl.Collator | undefined
const byName = (organisations: OrganisationRow[]): OrganisationRow[] => {
  // Made by the first list, not at import: ICU's collator took about 13 ms of CPU, paid by every start and CLI command.
  nameOrder ??= new Intl.Collator('en', { numeric: true })
  return organisations.sort((a, b) => nameOrder!.compare(a.name, b.name) || a.id - b.id)
}

/** The origins an organisation's keys accept unless given their own. */
export const originsOfOrganisation = (organisation: OrganisationRow): string[] => JSON.parse(organisation.origins) as string[]
