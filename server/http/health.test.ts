import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { createApp } from '../app.js'
import { migrationNames } from '../db/migrate.js'
import { openTestDatabase } from '../db/test-database.js'

describe('health checks', () => {
  it('answers /healthz while up, and /readyz once the database answers with every migration applied', async () => {
    const db = await openTestDatabase()
    let draining = false
    const app = createApp({ db, draining: () => draining })
    expect(await (await app.request('/healthz')).json()).toEqual({ status: 'ok' })
    const ready = await app.request('/readyz')
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready', migrations: migrationNames.length })

    await sql`delete from kysely_migration where name = ${migrationNames.at(-1)}`.execute(db)
    const behind = await app.request('/readyz')
    expect(behind.status).toBe(503)
    expect((await behind.json()).reason).toBe(`migrations not applied: ${migrationNames.at(-1)}`)

    draining = true
    expect(await (await app.request('/readyz')).json()).toEqual({ status: 'unavailable', reason: 'shutting down' })
    expect((await app.request('/healthz')).status).toBe(200)
    await db.destroy()
  })

  it('reports an unreachable database as not ready, never a 500', async () => {
    const db = await openTestDatabase()
    const app = createApp({ db })
    await db.destroy()
    const res = await app.request('/readyz')
    expect(res.status).toBe(503)
    expect((await res.json()).reason).toMatch(/^database unreachable: /)
  })
})
