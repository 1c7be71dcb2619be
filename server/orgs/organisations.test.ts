/**
 * @module The organisations repository's SQL against the dialect under
 * test: what the CLI, the console and the ads API rely on when they store,
 * find, rename, archive and list organisations.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { InvalidInput } from '../invalid-input.js'
import {
  activeOrganisations,
  allOrganisations,
  createOrganisation,
  organisationByCode,
  organisationById,
  organisationNamed,
  organisationWithCode,
  originsOfOrganisation,
  renameOrganisation,
  setOrganisationArchived,
  setOrganisationOrigins,
  UnknownOrganisation,
} from './organisations.js'

let db: Kysely<Database>
beforeEach(async () => {
  db = await openTestDatabase()
})
afterEach(() => db.destroy())

describe('createOrganisation', () => {
  it('stores the trimmed name, canonical origins and creation time, and returns the row with its id and a fresh code', async () => {
    const now = new Date('2025-05-01T12:00:00.000Z')
    const acme = await createOrganisation(db, { name: '  Acme ', origins: ['HTTPS://Acme.example:443', 'https://acme.example'] }, now)
    const other = await createOrganisation(db, { name: 'Other' }, now)
    expect(acme).toMatchObject({ id: 1, name: 'Acme', created_at: '2025-05-01T12:00:00.000Z', archived_at: null })
    expect(acme.code).toMatch(/^ORG/)
    expect(other.id).toBe(2)
    expect(other.code).not.toBe(acme.code)
    expect(originsOfOrganisation(acme)).toEqual(['https://acme.example'])
    expect(originsOfOrganisation(other)).toEqual([])
    expect(await organisationById(db, acme.id)).toEqual(acme)
  })

  it('stores nothing for a blank name', async () => {
    await expect(createOrganisation(db, { name: '   ' })).rejects.toBeInstanceOf(InvalidInput)
    expect(await allOrganisations(db)).toEqual([])
  })
})

describe('finding an organisation', () => {
  it('finds one by code, id and exact name, and nothing for another code, id or a name in another case', async () => {
    const acme = await createOrganisation(db, { name: 'Acme' })
    await createOrganisation(db, { name: 'Other' })
    expect(await organisationWithCode(db, acme.code)).toEqual(acme)
    expect(await organisationByCode(db, acme.code)).toEqual(acme)
    expect(await organisationById(db, acme.id)).toEqual(acme)
    expect(await organisationNamed(db, 'Acme')).toEqual(acme)
    expect(await organisationWithCode(db, 'ORG0000000000')).toBeUndefined()
    expect(await organisationWithCode(db, acme.code.toLowerCase())).toBeUndefined()
    expect(await organisationById(db, 99)).toBeUndefined()
    expect(await organisationNamed(db, 'acme')).toBeUndefined()
  })

  it('refuses an unknown code with a 404 that names it', async () => {
    const refused = await organisationByCode(db, 'ORG0000000000').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(UnknownOrganisation)
    expect(refused).toMatchObject({ status: 404, organisationCode: 'ORG0000000000' })
  })
})

describe('changing an organisation', () => {
  it('renames one organisation only, and returns it as stored', async () => {
    const acme = await createOrganisation(db, { name: 'Acme' })
    const other = await createOrganisation(db, { name: 'Other' })
    expect(await renameOrganisation(db, acme.id, ' Acme Publishing ')).toEqual({ ...acme, name: 'Acme Publishing' })
    expect(await organisationById(db, other.id)).toEqual(other)
    await expect(renameOrganisation(db, acme.id, '')).rejects.toBeInstanceOf(InvalidInput)
    expect((await organisationById(db, acme.id))?.name).toBe('Acme Publishing')
  })

  it('replaces the default origins of one organisation, canonical and each once', async () => {
    const acme = await createOrganisation(db, { name: 'Acme', origins: ['https://old.example'] })
    const other = await createOrganisation(db, { name: 'Other', origins: ['https://other.example'] })
    const changed = await setOrganisationOrigins(db, acme.id, ['https://New.example', 'https://new.example:443', ' '])
    expect(originsOfOrganisation(changed)).toEqual(['https://new.example'])
    expect(originsOfOrganisation((await organisationById(db, acme.id))!)).toEqual(['https://new.example'])
    expect(originsOfOrganisation((await organisationById(db, other.id))!)).toEqual(['https://other.example'])
  })

  it('fails to rename or set the origins of no organisation', async () => {
    await expect(renameOrganisation(db, 99, 'Ghost')).rejects.toThrow()
    await expect(setOrganisationOrigins(db, 99, [])).rejects.toThrow()
  })

  it('archives with the date, keeps the first date when archived again, and brings one back', async () => {
    const acme = await createOrganisation(db, { name: 'Acme' })
    const first = new Date('2025-05-01T12:00:00.000Z')
    expect((await setOrganisationArchived(db, acme.id, true, first)).archived_at).toBe(first.toISOString())
    const again = await setOrganisationArchived(db, acme.id, true, new Date('2025-06-01T12:00:00.000Z'))
    expect(again.archived_at).toBe(first.toISOString())
    expect((await organisationById(db, acme.id))?.archived_at).toBe(first.toISOString())
    expect((await setOrganisationArchived(db, acme.id, false)).archived_at).toBeNull()
    expect((await organisationById(db, acme.id))?.archived_at).toBeNull()
    await expect(setOrganisationArchived(db, 99, true)).rejects.toThrow('no organisation with id 99')
  })
})

describe('listing organisations', () => {
  it('lists every organisation by name, and only those not archived as active', async () => {
    const [charlie, alpha, bravo] = [
      await createOrganisation(db, { name: 'Charlie' }),
      await createOrganisation(db, { name: 'Alpha' }),
      await createOrganisation(db, { name: 'Bravo' }),
    ]
    await setOrganisationArchived(db, bravo.id, true)
    expect((await allOrganisations(db)).map((org) => org.code)).toEqual([alpha.code, bravo.code, charlie.code])
    expect((await activeOrganisations(db)).map((org) => org.code)).toEqual([alpha.code, charlie.code])
    await setOrganisationArchived(db, bravo.id, false)
    expect((await activeOrganisations(db)).map((org) => org.name)).toEqual(['Alpha', 'Bravo', 'Charlie'])
  })

  it('orders names as a reader does, the same on either database: case, accents and numbers', async () => {
    for (const name of ['zeta', 'Shop 10', 'Ärzte', 'apotheke', 'Shop 9', 'Zahnarzt']) await createOrganisation(db, { name })
    const expected = ['apotheke', 'Ärzte', 'Shop 9', 'Shop 10', 'Zahnarzt', 'zeta']
    expect((await allOrganisations(db)).map((org) => org.name)).toEqual(expected)
    expect((await activeOrganisations(db)).map((org) => org.name)).toEqual(expected)
  })
})
