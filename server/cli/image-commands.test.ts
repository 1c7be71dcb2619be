/** @module Tests of `svc-bff image prune`: what it deletes and keeps, the JSON and the text, and its refusals. */
import { readFileSync } from 'node:fs'
import { beforeEach, describe, expect, it } from 'vitest'
import { createAd } from '../ads/ads-repository.js'
import { openDatabase } from '../db/open-database.js'
import { imageUrl } from '../images/image-files.js'
import { IMAGE_TYPES } from '../images/image-type.js'
import { imageBySha256, storeImage } from '../images/images-repository.js'
import { createOrganisation } from '../orgs/organisations.js'
import { migratedDatabaseFile, runCliOn } from '../testing/cli-runner.js'
import { noisePng } from '../testing/generated-png.js'

const fixture = (name: string) => readFileSync(new URL(`../images/fixtures/${name}`, import.meta.url))
const TWO_DAYS_AGO = new Date(Date.now() - 48 * 3_600_000)

let dbPath: string
let acme: string
let images: Record<'shown' | 'inGallery' | 'inText' | 'unused' | 'fresh' | 'otherUnused', { sha256: string; size: number }>

beforeEach(async () => {
  dbPath = await migratedDatabaseFile('svc-image-prune-')
  const db = await openDatabase({ sqlitePath: dbPath })
  try {
    const org = await createOrganisation(db, { name: 'Acme' })
    const other = await createOrganisation(db, { name: 'Other' })
    acme = org.code
    const store = async (bytes: Buffer, organisationId: number, now = TWO_DAYS_AGO) => ({
      sha256: (await storeImage(db, { bytes, type: IMAGE_TYPES.png, organisationId, now })).sha256,
      size: bytes.length,
    })
    images = {
      shown: await store(fixture('two-colours.png'), org.id),
      inGallery: await store(noisePng(2000), org.id),
      inText: await store(noisePng(3000), org.id),
      unused: await store(noisePng(4000), org.id),
      fresh: await store(noisePng(5000), org.id, new Date()),
      otherUnused: await store(noisePng(6000), other.id),
    }
    const url = (sha256: string) => imageUrl('https://svc.example', sha256, 'png')
    await createAd(db, org.id, { title: 'Main', display: 'Home', image: url(images.shown.sha256) })
    // An ad of another organisation may show Acme's image by its URL: it stays.
    await createAd(db, other.id, { title: 'Gallery', display: 'Home', status: 'draft', images: [url(images.inGallery.sha256)] })
    await createAd(db, org.id, { title: 'Story', display: 'Home', description: `<p><img src="${url(images.inText.sha256)}"></p>` })
  } finally {
    await db.destroy()
  }
})

const cli = (...argv: string[]) => runCliOn(dbPath, argv)
const stillStored = async () => {
  const db = await openDatabase({ sqlitePath: dbPath })
  try {
    const kept: string[] = []
    for (const [name, { sha256 }] of Object.entries(images)) if (await imageBySha256(db, sha256)) kept.push(name)
    return kept
  } finally {
    await db.destroy()
  }
}

describe('svc-bff image prune', () => {
  it("deletes one organisation's images that no ad shows, keeping those uploaded in the last day", async () => {
    const result = await cli('image', 'prune', '--org', acme, '--json')
    expect(result.exitCode).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({
      deleted: 1,
      freed_bytes: images.unused.size,
      images: [{ sha256: images.unused.sha256, size_bytes: images.unused.size }],
    })
    expect(await stillStored()).toEqual(['shown', 'inGallery', 'inText', 'fresh', 'otherUnused'])
  })

  it("deletes every organisation's unused images, of any age with --older-than-hours 0, and says what it freed", async () => {
    const result = await cli('image', 'prune', '--older-than-hours', '0')
    const freed = images.unused.size + images.fresh.size + images.otherUnused.size
    expect(result).toEqual({
      exitCode: 0,
      stdout: `Deleted 3 images that no ad shows, freeing ${(freed / 1024).toFixed(1)} kB.`,
      stderr: '',
    })
    expect(await stillStored()).toEqual(['shown', 'inGallery', 'inText'])
    expect((await cli('image', 'prune')).stdout).toBe('No images to delete: every image older than 24 hours is shown by an ad.')
  })

  it('refuses an unknown organisation and a bad age, deleting nothing', async () => {
    const unknown = await cli('image', 'prune', '--org', 'ORG000')
    expect(unknown.exitCode).not.toBe(0)
    expect(unknown.stderr).toContain('ORG000')
    const age = await cli('image', 'prune', '--older-than-hours', 'soon')
    expect(age.exitCode).toBe(2)
    expect(age.stderr).toBe('svc-bff: --older-than-hours must be an integer from 0 to 87600')
    expect(await stillStored()).toHaveLength(6)
  })
})
