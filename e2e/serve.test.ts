import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect } from 'node:net'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { type RunningBff, startBff, svcBff } from './bff-process.js'

let running: RunningBff | undefined

afterEach(async () => {
  await running?.stop()
  running = undefined
})

/**
 * One server on a database of its own, with the access log on, for the
 * tests that only send it requests and read its log (none changes what
 * another reads): a start costs about half a second of a core. Started by
 * the first test that asks, so each still runs alone.
 */
let plain: Promise<{ bff: RunningBff; db: string }> | undefined
const plainServer = () =>
  (plain ??= (async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'svc-serve-')), 'svc.db')
    return { bff: await startBff(['--db', db], { SVC_ACCESS_LOG: '1' }), db }
  })())

afterAll(async () => {
  await (await plain)?.bff.stop()
})

describe('svc-bff serve --demo', () => {
  it('serves the seeded ads, the demo page and its artwork over HTTP, and keeps its demo key across restarts', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'svc-serve-')), 'svc.db')
    running = await startBff(['--demo', '--db', db])
    const { origin, started } = running
    expect(started).toMatchObject({
      url: `http://localhost:${started.port}`,
      database: db,
      demo_api_key: expect.stringMatching(/^svc_pk_/),
    })
    const auth = { Authorization: `Bearer ${started.demo_api_key}` }

    const res = await fetch(`${origin}/ads/home-slider-ads?limit=12&random=0`, { headers: auth })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.count).toBe(6)
    expect(res.headers.get('x-request-id')).toBeTruthy()

    const image = await fetch(body.data[0].image.replace('localhost', '127.0.0.1'))
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/svg+xml')
    expect(await image.text()).toContain('<svg')

    const page = await (await fetch(`${origin}/`)).text()
    expect(page).toContain('svc demo partner page')
    expect(page).toContain(started.demo_api_key)
    const hashed = /<script src="(\/widget\/svc-ads\.iife\.[\w-]+\.js)">/.exec(page)?.[1]
    expect(hashed).toBeDefined()
    const widget = await fetch(`${origin}${hashed}`)
    expect(widget.status).toBe(200)
    expect(widget.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(widget.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(widget.headers.get('access-control-allow-origin')).toBe('*')
    for (const stable of ['/widget/svc-ads.js', '/widget/svc-ads.iife.js']) {
      const res = await fetch(`${origin}${stable}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('public, max-age=300')
      expect((await res.text()).length).toBeGreaterThan(1000)
    }

    expect(await running.stop()).toBe(0)
    running = await startBff(['--demo', '--db', db])
    expect(running.started.demo_api_key).toBe(started.demo_api_key)
    const again = await (await fetch(`${running.origin}/ads?limit=12`, { headers: auth })).json()
    expect(again.count).toBe(12)
  })

  it('answers a malformed HTTP request or URL with a 4xx, never a 5xx', async () => {
    const { bff } = await plainServer()
    const statusLineOf = (raw: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(bff.started.port, '127.0.0.1', () => socket.write(raw))
        let answer = ''
        socket.on('data', (chunk) => (answer += chunk))
        socket.on('end', () => resolve(answer.split('\r\n')[0]!))
        socket.on('error', reject)
      })
    expect(await statusLineOf('GET /ads HTTP/1.1\r\nHost: x\r\nBroken header line\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/)
    expect(
      await statusLineOf('GET /ads/%E0%A4%A?limit=%ZZ HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \x01\r\nConnection: close\r\n\r\n'),
    ).toMatch(/^HTTP\/1\.1 4\d\d/)
  })

  it('logs a request under the id its answer carries, even when the caller sent X-Request-Id twice', async () => {
    const { bff } = await plainServer()
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(bff.started.port, '127.0.0.1', () =>
        socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Request-Id: a\r\nX-Request-Id: b\r\nConnection: close\r\n\r\n'),
      )
      let text = ''
      socket.on('data', (chunk) => (text += chunk))
      socket.on('end', () => resolve(text))
      socket.on('error', reject)
    })
    const answeredId = /^x-request-id: (.+)$/im.exec(answer)?.[1]?.trim()
    expect(answeredId).toMatch(/^req_[0-9a-f]{32}$/)
    await expect.poll(() => bff.stderr()).toContain('"path":"/healthz"')
    const logged = bff
      .stderr()
      .split('\n')
      .filter((line) => line.includes('"path":"/healthz"'))
      .map((line) => (JSON.parse(line) as { request_id: string }).request_id)
    expect(logged).toEqual([answeredId])
  })

  it('refuses to start on a port in use with a clear message', async () => {
    const { bff, db } = await plainServer()
    await expect(startBff(['--db', db, '--port', String(bff.started.port), '--host', '127.0.0.1'])).rejects.toThrow(
      `port ${bff.started.port} is already in use; choose another with --port`,
    )
  })
})

describe('svc-bff serve logs', () => {
  it('one svc.started line with what it runs on, and one svc.stopped line with the signal and the drain time', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'svc-serve-')), 'svc.db')
    await svcBff('keys', 'rotate', '--now', '--db', db)
    running = await startBff(['--db', db, '--issuer', 'https://svc.example'], {
      SVC_SMTP_URL: 'smtp://mailer:hunter2@127.0.0.1:2525',
      SVC_SIGNUP: 'closed',
    })
    const events = (event: string) =>
      running!
        .stderr()
        .split('\n')
        .filter((line) => line.includes(`"event":"${event}"`))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    await expect.poll(() => events('svc.started')).toHaveLength(1)
    expect(events('svc.started')[0]).toMatchObject({
      level: 'info',
      version: JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version,
      listen: `http://127.0.0.1:${running.started.port}`,
      issuer: 'https://svc.example',
      database_kind: 'sqlite',
      database_path: db,
      mail_mode: 'smtp',
      mail_host: '127.0.0.1:2525',
      signing_key_age_days: 0,
      signup_open: false,
    })
    expect(running.stderr()).not.toContain('hunter2')

    expect(await running.stop()).toBe(0)
    const stopped = events('svc.stopped')
    expect(stopped).toEqual([expect.objectContaining({ level: 'info', reason: 'SIGTERM', drain_ms: expect.any(Number) })])
    running = undefined
  })

  it('names the file outbox when no SMTP server is set, and no signing key before the first one is made', async () => {
    const { bff, db } = await plainServer()
    await expect.poll(() => bff.stderr()).toContain('"event":"svc.started"')
    const started = JSON.parse(bff.stderr().split('\n').find((line) => line.includes('"event":"svc.started"'))!)
    expect(started).toMatchObject({ mail_mode: 'file outbox', mail_folder: join(db, '..', 'mail'), signing_key_age_days: null, signup_open: true })
  })
})
