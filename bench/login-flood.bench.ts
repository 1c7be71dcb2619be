/**
 * @module Benchmark of svc under a sign-in flood, against itself without
 * one in the same run (issue 13, findings 1 and 3):
 *
 * - memory: the resident memory `svc-bff serve` grows by while it takes
 *   N distinct long e-mail addresses on `POST /login` (half 63 KB, half
 *   254 characters, as long as an address may be). Budget: under 30 MB.
 * - latency: refresh-token grants at a steady rate (each a real rotation
 *   with a new RS256 id_token, signed in the thread pool scrypt also uses),
 *   their p99 alone and then while 50 connections flood `POST /login` with
 *   wrong passwords for new addresses from new client addresses (through a
 *   trusted proxy, so the throttle does not shed them: the password queue
 *   does). Budget: p99 during the flood within 2 times p99 without it.
 *   A control flood of the same requests with an e-mail no account can
 *   have (refused before any hashing) shows what the requests themselves
 *   cost, apart from the passwords.
 */
import { mkdtempSync } from 'node:fs'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'
import { createUser } from '../server/accounts/users.js'
import { clientByClientId, createClient, SCOPES } from '../server/clients/clients.js'
import { openDatabase } from '../server/db/open-database.js'
import type { IdentityProviderContext } from '../server/grants/identity-provider-context.js'
import { signingKeys } from '../server/grants/signing-keys.js'
import { issueTokens } from '../server/grants/tokens.js'
import { webhookOutbox } from '../server/webhooks/outbox.js'
import { type LoadResult, type ServerProcess, startServerProcess, summarise } from './load.js'
import { DEFAULT_BRANDING } from '../server/branding.js'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const FLOOD_ADDRESSES = Number(process.env.BENCH_FLOOD_ADDRESSES ?? 5_000)
const REFRESH_CONNECTIONS = 10
const REFRESH_RATE = 100
const FLOOD_CONNECTIONS = 50
/** Sign-ins a second in the flood: about twenty times what the password queue gets through on the 2-core machine. */
const FLOOD_RATE = Number(process.env.BENCH_FLOOD_RATE ?? 200)
const SCOPE = 'openid profile email offline_access'
const POOL = 2_000

/**
 * Runs the benchmark and prints its rows.
 *
 * @example
 * await benchLoginFlood()
 */
export async function benchLoginFlood(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-flood-'))
  const dbPath = join(dir, 'svc.db')
  const db = await openDatabase({ sqlitePath: dbPath })
  const user = await createUser(db, { email: 'bench@example.com', name: 'Bench User', password: 'bench password' })
  const { clientId, clientSecret } = await createClient(db, {
    name: 'Bench',
    redirectUris: ['http://127.0.0.1:3000/callback'],
    scopes: [...SCOPES],
  })
  const client = (await clientByClientId(db, clientId))!
  const provider: IdentityProviderContext = {
    db,
    issuer: 'http://127.0.0.1',
    keys: signingKeys(db),
    now: () => new Date(),
    events: webhookOutbox(),
    branding: DEFAULT_BRANDING,
  }
  const pool: string[] = []
  for (let i = 0; i < POOL; i++) {
    const issued = await issueTokens(provider, {
      client,
      user,
      scopes: SCOPE.split(' '),
      grantId: `grt_bench_${i}`,
      authTime: Math.floor(Date.now() / 1000),
      sessionId: null,
      grantExpiresAt: new Date(Date.now() + 90 * 24 * 3600 * 1000),
      withIdToken: false,
    })
    pool.push(issued.refresh_token!)
  }
  await db.destroy()

  // The benchmark's connections come from loopback, standing in for a load balancer.
  const svc = await startServerProcess([
    'server/cli.ts',
    'serve',
    '--port',
    '0',
    '--json',
    '--db',
    dbPath,
    '--trusted-proxies',
    '127.0.0.1',
  ])
  const origin = `http://127.0.0.1:${svc.ready.port}`
  try {
    const { cookie, csrf } = await loginForm(origin)
    const memory = await memoryUnderFlood(svc, origin, cookie, csrf)
    const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`
    const refreshes = () => refreshGrants(origin, basic, pool)
    await refreshes() // warm-up
    // Rounds of the grants alone and then during a flood, so both see the same machine; the median round is reported.
    type Flood = { requestsPerSecond: number; statuses: Map<number, number> }
    const rounds: { alone: LoadResult; during: LoadResult; flood: Flood; control: LoadResult; controlFlood: Flood }[] = []
    const measureDuring = async (kind: 'hashed' | 'refused') => {
      const flooding = await startLoginFlood(origin, cookie, csrf, kind)
      const result = await refreshes()
      return [result, await flooding.done()] as const
    }
    for (let round = 0; round < ROUNDS; round++) {
      const alone = await refreshes()
      const [during, flood] = await measureDuring('hashed')
      const [control, controlFlood] = await measureDuring('refused')
      rounds.push({ alone, during, flood, control, controlFlood })
    }
    const growth = memory.after - memory.before
    const row = (name: string, r: LoadResult) =>
      `  ${name.padEnd(40)} ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${String(r.p50Ms).padStart(4)} ms   p99 ${String(r.p99Ms).padStart(4)} ms   non-2xx ${r.non2xx}   errors ${r.errors}`
    console.log(`login flood: svc-bff serve on SQLite, ${ROUNDS} rounds of ${SECONDS} s`)
    console.log(
      `  memory: ${FLOOD_ADDRESSES} distinct long e-mails on POST /login: resident ${memory.before.toFixed(0)} MB -> ${memory.after.toFixed(0)} MB, ` +
        `growth ${growth.toFixed(1)} MB (budget < 30 MB: ${growth < 30 ? 'met' : 'MISSED'}); answers ${formatStatuses(memory.statuses)}`,
    )
    const ratioOf = (round: (typeof rounds)[number]) => round.during.p99Ms / Math.max(1, round.alone.p99Ms)
    const controlRatioOf = (round: (typeof rounds)[number]) => round.control.p99Ms / Math.max(1, round.alone.p99Ms)
    for (const [index, round] of rounds.entries()) {
      console.log(`  round ${index + 1}: p99 ratio ${ratioOf(round).toFixed(2)}, control ${controlRatioOf(round).toFixed(2)}`)
      console.log(row(`refresh grants at ${REFRESH_RATE}/s, alone`, round.alone))
      console.log(`    (floods: ${FLOOD_CONNECTIONS} connections at ${FLOOD_RATE} sign-ins a second)`)
      console.log(row(`during the sign-in flood`, round.during))
      console.log(
        `    sign-in flood at ${FLOOD_RATE}/s: ${round.flood.requestsPerSecond.toFixed(0)} req/s, answers ${formatStatuses(round.flood.statuses)}`,
      )
      console.log(row(`during the control flood (no hashing)`, round.control))
      console.log(
        `    control flood at ${FLOOD_RATE}/s: ${round.controlFlood.requestsPerSecond.toFixed(0)} req/s, answers ${formatStatuses(round.controlFlood.statuses)}`,
      )
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
    const ratio = median(rounds.map(ratioOf))
    console.log(`  refresh p99 ratio during/alone, median round: ${ratio.toFixed(2)} (budget <= 2.00: ${ratio <= 2 ? 'met' : 'MISSED'})`)
    console.log(
      `  control: the same flood answered before any hashing (an e-mail no account can have), median ratio ${median(rounds.map(controlRatioOf)).toFixed(2)}`,
    )
  } finally {
    await svc.stop()
  }
}

/** The login page's CSRF cookie and token. */
async function loginForm(origin: string): Promise<{ cookie: string; csrf: string }> {
  const res = await fetch(`${origin}/login`)
  const cookie = res.headers
    .getSetCookie()
    .find((line) => line.startsWith('svc_csrf='))!
    .split(';')[0]!
  const csrf = /name="csrf" value="([^"]+)"/.exec(await res.text())![1]!
  return { cookie, csrf }
}

/** Resident memory before and after `FLOOD_ADDRESSES` sign-ins with long, distinct e-mails from one address. */
async function memoryUnderFlood(svc: ServerProcess, origin: string, cookie: string, csrf: string) {
  const resident = () => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${svc.child.pid}/status`, 'utf8'))![1]) / 1024
  const filler = 'x'.repeat(63 * 1024)
  const address = (i: number) => (i % 2 ? `${i}${filler}@flood.example` : `${i}.${'y'.repeat(239 - String(i).length)}@flood.example`)
  const statuses = new Map<number, number>()
  let next = 0
  const send = async (count: number) => {
    const end = next + count
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < end) {
          const res = await fetch(`${origin}/login`, {
            method: 'POST',
            headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': '198.51.100.1' },
            body: new URLSearchParams({ csrf, email: address(next++), password: 'guess' }).toString(),
          })
          await res.arrayBuffer()
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
        }
      }),
    )
  }
  // A warm-up as in the attack test: the heap settles only after a few hundred of these.
  await send(1000)
  const before = resident()
  statuses.clear()
  await send(FLOOD_ADDRESSES)
  return { before, after: resident(), statuses }
}

/** Refresh grants at a steady rate over the pool of chains, each answer's new token put back. */
async function refreshGrants(origin: string, basic: string, pool: string[]): Promise<LoadResult> {
  const result = await autocannon({
    url: origin,
    connections: REFRESH_CONNECTIONS,
    overallRate: REFRESH_RATE,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        path: '/oidc/token',
        headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
        setupRequest: (req) => ({ ...req, body: `grant_type=refresh_token&refresh_token=${pool.shift()}` }),
        onResponse: (status, body) => {
          if (status === 200) pool.push((JSON.parse(body) as { refresh_token: string }).refresh_token)
        },
      },
    ],
  })
  return summarise(result)
}

/** Starts the flood in its own process (bench/login-flooder.ts), a second longer than a measurement; resolves once it runs. */
async function startLoginFlood(origin: string, cookie: string, csrf: string, kind: 'hashed' | 'refused') {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/login-flooder.ts', origin, cookie, csrf, String(SECONDS + 1), String(FLOOD_RATE), kind],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]()
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the login flooder exited with ${code}`))))
  await Promise.race([lines.next(), exited])
  return {
    /** What the flood did, once it is over. */
    async done(): Promise<{ requestsPerSecond: number; statuses: Map<number, number> }> {
      const { value } = await Promise.race([lines.next(), exited])
      const { requestsPerSecond, statuses } = JSON.parse(value as string) as { requestsPerSecond: number; statuses: Record<string, number> }
      return { requestsPerSecond, statuses: new Map(Object.entries(statuses).map(([status, count]) => [Number(status), count])) }
    },
  }
}

function formatStatuses(statuses: Map<number, number>): string {
  return [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${count}× ${status}`)
    .join(', ')
}
