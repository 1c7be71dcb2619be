import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import { createAd } from '../ads/ads-repository.js'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { createOrganisation } from '../orgs/organisations.js'
import { IMAGE_TYPES } from './image-type.js'
import { ImageQuotaFull, organisationImageBytes, pruneUnusedImages, storeImage } from './images-repository.js'

const png = readFileSync(new URL('./fixtures/two-colours.png', import.meta.url))
const gif = readFileSync(new URL('./fixtures/one-pixel.gif', import.meta.url))
let db: Kysely<Database>
beforeEach(async () => {
  db = await openTestDatabase()
})
afterEach(() => db.destroy())

describe('images repository', () => {
  it("stores an organisation's images up to its quota, and the same bytes again at no cost", async () => {
    const org = await createOrganisation(db, { name: 'Acme' })
    await storeImage(db, { bytes: png, type: IMAGE_TYPES.png, organisationId: org.id, quotaBytes: png.length + 10 })
    expect(await storeImage(db, { bytes: png, type: IMAGE_TYPES.png, organisationId: org.id, quotaBytes: png.length })).toMatchObject({
      created: false,
    })
    const refused = await storeImage(db, { bytes: gif, type: IMAGE_TYPES.gif, organisationId: org.id, quotaBytes: png.length + 10 }).catch(
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(ImageQuotaFull)
    expect(refused).toMatchObject({ status: 507, usedBytes: png.length, quotaBytes: png.length + 10, sizeBytes: gif.length })
    expect(await organisationImageBytes(db, org.id)).toBe(png.length)
  })

  it('prunes the images no ad shows that are older than asked, of one organisation or all, and says which', async () => {
    const acme = await createOrganisation(db, { name: 'Acme' })
    const other = await createOrganisation(db, { name: 'Other' })
    const old = new Date('2025-01-01T00:00:00Z')
    const shown = await storeImage(db, { bytes: png, type: IMAGE_TYPES.png, organisationId: acme.id, now: old })
    const unused = await storeImage(db, { bytes: gif, type: IMAGE_TYPES.gif, organisationId: other.id, now: old })
    await createAd(db, acme.id, { title: 'Sale', display: 'Home', image: `https://svc.example/images/${shown.sha256}.png` })
    const before = new Date('2025-01-02T00:00:00Z')
    expect(await pruneUnusedImages(db, { organisationId: acme.id, uploadedBefore: before })).toEqual([])
    expect(await pruneUnusedImages(db, { uploadedBefore: old })).toEqual([])
    expect(await pruneUnusedImages(db, { uploadedBefore: before })).toEqual([
      { sha256: unused.sha256, size: gif.length, organisationId: other.id },
    ])
    expect(await organisationImageBytes(db, acme.id)).toBe(png.length)
  })
})
