import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { createApp } from '../app.js'
import { migrationNames } from '../db/migrate.js'
import { openTestDatabase } from '../db/test-database.js'
import { listeningBff } from '../testing/publisher.js'

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

  it('gives the same answers on the wire, where the edge answers them without Hono, HEAD and a query included', async () => {
    const db = await openTestDatabase()
    let draining = false
    const bff = await listeningBff({ db, draining: () => draining })
    try {
      const ready = await bff.request('/readyz?probe=1', { headers: { 'X-Request-Id': 'probe-1' } })
      expect(ready.status).toBe(200)
      expect(ready.headers.get('content-type')).toBe('application/json')
      expect(ready.headers.get('cache-control')).toBe('no-store')
      expect(ready.headers.get('x-request-id')).toBe('probe-1')
      expect(await ready.json()).toEqual({ status: 'ready', migrations: migrationNames.length })
      expect(await (await bff.request('/healthz/')).json()).toEqual({ status: 'ok' })
      const head = await bff.request('/readyz', { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(await head.text()).toBe('')
      // Only GET and HEAD are checks; anything else is the app's 404.
      expect((await bff.request('/readyz', { method: 'POST' })).status).toBe(404)
      expect((await bff.request('/readyzz')).status).toBe(404)

      await sql`delete from kysely_migration where name = ${migrationNames.at(-1)}`.execute(db)
      const behind = await bff.request('/readyz')
      expect(behind.status).toBe(503)
      expect((await behind.json()).reason).toBe(`migrations not applied: ${migrationNames.at(-1)}`)
      draining = true
      expect(await (await bff.request('/readyz')).json()).toEqual({ status: 'unavailable', reason: 'shutting down' })
    } finally {
      await bff.close()
      await db.destroy()
    }
  })
})
