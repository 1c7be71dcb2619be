import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { adStatisticsFor } from '../server/ad-statistics/ad-statistics-repository.js'
import { openDatabase } from '../server/db/open-database.js'
import { type RunningBff, startBff, svcBff } from './bff-process.js'

/** A database with one organisation and one ad, and what a beacon needs. */
async function publisher(): Promise<{ db: string; apiKey: string; adCode: string }> {
  const db = join(mkdtempSync(join(tmpdir(), 'svc-stats-')), 'svc.db')
  const org = await svcBff('org', 'create', '--name', 'Partner', '--db', db)
  const ad = await svcBff(
    'ad',
    'create',
    '--org',
    org.code!,
    '--title',
    'Sale',
    '--display',
    'Home',
    '--url',
    'https://p.example/',
    '--db',
    db,
  )
  return { db, apiKey: org.api_key!, adCode: ad.code! }
}

async function sendBatch(bff: RunningBff, apiKey: string, events: Record<string, string[]>): Promise<void> {
  const res = await fetch(`${bff.origin}/ads/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify({ key: apiKey, batch: randomBytes(12).toString('base64url'), slot: 'home', ...events }),
  })
  expect(res.status).toBe(202)
}

async function storedCounts(path: string) {
  const db = await openDatabase({ sqlitePath: path })
  try {
    return await adStatisticsFor(db, 1, '2000-01-01T00:00:00.000Z', '3000-01-01T00:00:00.000Z')
  } finally {
    await db.destroy()
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('ad counts across a crash and a shutdown', () => {
  let bff: RunningBff | undefined
  afterEach(() => void bff?.process.kill('SIGKILL'))

  it('keeps every count flushed before a SIGKILL', { timeout: 60_000 }, async () => {
    const { db, apiKey, adCode } = await publisher()
    bff = await startBff(['--db', db], { SVC_AD_STATS_FLUSH_SECONDS: '1' })
    await sendBatch(bff, apiKey, { served: [adCode], viewable: [adCode] })
    await sendBatch(bff, apiKey, { served: [adCode] })
    // Past a flush (every second; later on a busy machine), then a batch that the kill may catch before the next one.
    await expect.poll(async () => (await storedCounts(db))[0]?.served, { timeout: 30_000, interval: 250 }).toBe(2)
    await sendBatch(bff, apiKey, { clicks: [adCode] })
    bff.process.kill('SIGKILL')
    await new Promise((resolve) => bff!.process.once('exit', resolve))

    const [row, ...others] = await storedCounts(db)
    expect(others).toEqual([])
    expect(row).toMatchObject({ ad_code: adCode, slot: 'home', served: 2, viewable: 1 })
    // At most the last flush interval is lost: the click is there or not, never counted twice.
    expect([0, 1]).toContain(row!.clicks)
  })

  it('writes the counts still in memory when stopped with SIGTERM', { timeout: 60_000 }, async () => {
    const { db, apiKey, adCode } = await publisher()
    // An hour between flushes: only the shutdown writes.
    bff = await startBff(['--db', db], { SVC_AD_STATS_FLUSH_SECONDS: '3600' })
    await sleep(300)
    await sendBatch(bff, apiKey, { served: [adCode], clicks: [adCode] })
    expect(await bff.stop()).toBe(0)
    expect(await storedCounts(db)).toEqual([expect.objectContaining({ ad_code: adCode, served: 1, viewable: 0, clicks: 1 })])
  })
})
