/**
 * Attack: a marketer (or a stolen marketer session, or a script with
 * several accounts of one organisation) uploads distinct 5 MB images as
 * fast as the server takes them. Reviewers stored 40 in 6 seconds (the
 * database grew 202 MB) and nothing ever deleted them: a disk fills in
 * half an hour. Each account may start 20 uploads a minute (429 with
 * `Retry-After`), and each organisation's images stop at its quota (507
 * with the numbers), even for uploads that arrive at once.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { startBff } from '../../e2e/bff-process.js'
import { openDatabase } from '../db/open-database.js'
import { testingOnPostgres } from '../db/test-database.js'
import { fixedWindowRateLimiter } from '../http/fixed-window-rate-limiter.js'
import { organisationImageBytes } from '../images/images-repository.js'
import { createOrganisation } from '../orgs/organisations.js'
import { type ConsoleUser, consoleUser } from '../testing/console-user.js'
import { noisePng } from '../testing/generated-png.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'

const MB = 1024 * 1024
let idp: IdentityFixture
let org: { id: number; code: string }

beforeEach(async () => {
  // A clock stopped 30 s into a minute, so the burst below never straddles two windows.
  idp = await identityFixture({ imageQuotaBytes: 3 * MB, limiter: fixedWindowRateLimiter({ now: () => 30_000 }) })
  org = await createOrganisation(idp.db, { name: 'Acme' })
})
afterEach(() => idp.close())

const upload = (user: ConsoleUser, bytes: Buffer<ArrayBuffer>) =>
  user.browser.request(`${idp.issuer}/console/api/images`, {
    method: 'POST',
    headers: { 'Content-Type': 'image/png', 'X-CSRF-Token': user.me.csrf },
    body: bytes,
  })

it('stops one account after 20 uploads in a minute, with 429 and when to try again, before the images are stored', async () => {
  const marketer = await consoleUser(idp, { svcApp: org.code, svcAccess: ['Ads:Edit'] })
  const answers = []
  for (let sent = 0; sent < 25; sent++) answers.push(await upload(marketer, noisePng(1000)))
  expect(answers.map((res) => res.status)).toEqual([...Array<number>(20).fill(201), ...Array<number>(5).fill(429)])
  const refused = answers[24]!
  expect(refused.headers.get('Retry-After')).toBe('30')
  expect((await refused.json()).message).toBe(
    'you have started 20 image uploads this minute, the most svc takes from one account; try again in 30 seconds',
  )
  // Another account of the organisation is counted on its own.
  const colleague = await consoleUser(idp, { svcApp: org.code, svcAccess: ['Ads:Edit'] })
  expect((await upload(colleague, noisePng(1000))).status).toBe(201)
})

it(
  "keeps an organisation's images within its quota when several accounts upload at once, and says how full it is",
  { timeout: 60_000 },
  async () => {
    const marketers = await Promise.all(Array.from({ length: 4 }, () => consoleUser(idp, { svcApp: org.code, svcAccess: ['Ads:Edit'] })))
    // 8 distinct images of about 0.7 MB, 5.6 MB in all, sent at once (as many as svc reads at once) against a 3 MB quota.
    const answers = await Promise.all(
      marketers.flatMap((marketer) => [upload(marketer, noisePng(0.7 * MB)), upload(marketer, noisePng(0.7 * MB))]),
    )
    const statuses = answers.map((res) => res.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(4)
    expect(statuses.filter((status) => status === 507)).toHaveLength(4)
    expect(await organisationImageBytes(idp.db, org.id)).toBeLessThanOrEqual(3 * MB)

    const refusal = await answers[statuses.indexOf(507)]!.json()
    expect(refusal).toMatchObject({ status: 'error', code: 507, quota_bytes: 3 * MB })
    expect(refusal.used_bytes).toBe(await organisationImageBytes(idp.db, org.id))
    expect(refusal.message).toMatch(
      /^the image \(717\.\d kB\) does not fit in your organisation's image quota: 2\.\d MB of 3\.0 MB are used; delete images no ad uses \(Images page\) or ask an operator to raise SVC_IMAGE_QUOTA_MB$/,
    )
    // Another organisation has a quota of its own.
    const other = await createOrganisation(idp.db, { name: 'Other' })
    const outsider = await consoleUser(idp, { svcApp: other.code, svcAccess: ['Ads:Edit'] })
    expect((await upload(outsider, noisePng(0.7 * MB))).status).toBe(201)
  },
)

// The served process stores its images in a SQLite file of its own whatever the dialect under test: the PostgreSQL leg would run it unchanged.
it.skipIf(testingOnPostgres)(
  'serve takes the quota from --image-quota-mb, which wins over SVC_IMAGE_QUOTA_MB',
  { timeout: 60_000 },
  async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'svc-quota-')), 'svc.db')
    const bff = await startBff(['--db', path, '--image-quota-mb', '1'], { SVC_IMAGE_QUOTA_MB: '50' })
    const db = await openDatabase({ sqlitePath: path })
    try {
      const acme = await createOrganisation(db, { name: 'Acme' })
      // The console user helper needs only a database and an issuer: the served process's.
      const served = { db, issuer: bff.started.url } as IdentityFixture
      const marketer = await consoleUser(served, { svcApp: acme.code, svcAccess: ['Ads:Edit'] })
      const send = (bytes: Buffer<ArrayBuffer>) =>
        marketer.browser.request(`${bff.started.url}/console/api/images`, {
          method: 'POST',
          headers: { 'Content-Type': 'image/png', 'X-CSRF-Token': marketer.me.csrf },
          body: bytes,
        })
      expect((await send(noisePng(0.7 * MB))).status).toBe(201)
      const refused = await send(noisePng(0.7 * MB))
      expect(refused.status).toBe(507)
      expect(await refused.json()).toMatchObject({ quota_bytes: MB })
    } finally {
      await db.destroy()
      await bff.stop()
    }
  },
)
