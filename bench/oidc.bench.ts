/**
 * @module Benchmark of the identity provider against node-oidc-provider 8,
 * both in their own processes and set up alike (the same RSA key, client,
 * scopes and claims): refresh-token grants a second (each request takes a
 * live chain head, so every request is a real rotation with a new
 * id_token) against node-oidc-provider storing durably in SQLite as svc
 * does, and against the floor (a node:http server that only mints and
 * signs); userinfo requests a second against node-oidc-provider; and, in
 * this process, svc's id_token signing against bare `jose`. svc and the
 * server it is compared with are loaded at once, on the one core the
 * servers share, in rounds (`against-bare.ts` says why). Goals (issue 31):
 * refresh grants at least 2.5 times node-oidc-provider in SQLite and 0.5 of
 * the floor's throughput, at most 1.41 times the floor's CPU a grant;
 * userinfo at least 2 times node-oidc-provider.
 *
 * CPU is counted alike for every server: all of its threads from
 * `/proc/PID/stat` (the main thread, libuv's pool that signs, V8's), with
 * the main thread's share printed beside it; svc and the floor sign alike
 * (`signRs256`: `node:crypto` in libuv's pool of four threads), under the
 * same `taskset` core, with the load generator on the other core.
 *
 * Why the floor's CPU a grant went from 0.37 ms (when issue 31 was filed)
 * to 1.07–1.18 ms: not a change in how it signs or in what is counted (the
 * filing's bench counted all threads from `/proc` too, but loaded the
 * floor alone, unpinned, on a quiet machine). A grant's CPU is not a
 * constant of the code: on a core shared with the other server and with
 * other work, each thread runs in short slices with cold caches, and at a
 * few hundred grants a second each wake-up (epoll, the pool's futex, a
 * timer) serves one grant instead of many. Measured alone on this machine
 * at load average 20: pinned to one core 565–661 µs at 545–605 grants/s,
 * unpinned 411–1,008 µs at 143–735 grants/s; in the rounds beside svc
 * 472–732 µs. Both servers inflate alike in the same round, so the fair
 * figure is their ratio: the filing's "150 µs over a 370 µs floor" is
 * 1.41 times the floor's CPU, which the verdict checks; the µs over the
 * floor are printed for reference only, since they scale with the load.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { createUser } from '../server/accounts/users.js'
import { clientByClientId, createClient, SCOPES } from '../server/clients/clients.js'
import { openDatabase } from '../server/db/open-database.js'
import { webhookOutbox } from '../server/webhooks/outbox.js'
import type { IdentityProviderContext } from '../server/grants/identity-provider-context.js'
import { signingKeys, storeSigningKey } from '../server/grants/signing-keys.js'
import { issueTokens, signIdToken } from '../server/grants/tokens.js'
import { type ChainedRequest, type CpuPerAnswer, load, loadChain, type ServerProcess, startServerProcess } from './load.js'
import { type Round, roundsAgainstBare } from './against-bare.js'
import { DEFAULT_BRANDING } from '../server/branding.js'

const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const SCOPE = 'openid profile email offline_access'
const REDIRECT_URI = 'http://127.0.0.1:3000/callback'
// Each load ends with a request in flight on every connection, whose rotated
// token is never read: the chain is lost. svc is loaded in two comparisons,
// each up to 8 warm-up loads (against-bare.ts) and its rounds, so the pool
// must outlast 50 lost chains a load that many times; with 400 chains it ran
// dry during the warm-ups and every measured grant was an error.
const POOL = CONNECTIONS * (2 * (8 + ROUNDS) + 2)
// The floor's CPU a grant when issue 31 set "150 µs over the floor", loaded alone on a quiet machine.
const QUIET_FLOOR_MICROSECONDS = 370
const CPU_OVER_FLOOR_GOAL = Number(((QUIET_FLOOR_MICROSECONDS + 150) / QUIET_FLOOR_MICROSECONDS).toFixed(2))

// autocannon resets a connection's context between passes, so live chain
// heads go round a shared pool instead: each request takes a token once,
// and each answer puts the rotated one back.
function refreshChain(path: string, basic: string, pool: string[]): ChainedRequest {
  return {
    method: 'POST',
    path,
    headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: () => `grant_type=refresh_token&refresh_token=${pool.shift()}`,
    onResponse: (status, body) => {
      if (status === 200) pool.push((JSON.parse(body) as { refresh_token: string }).refresh_token)
    },
  }
}

/**
 * Runs the benchmark and prints its rows.
 *
 * @example
 * await benchIdentityProvider()
 */
export async function benchIdentityProvider(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-oidc-'))
  const dbPath = join(dir, 'svc.db')
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true })
  const kid = randomBytes(12).toString('base64url')
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' }

  // svc: the same key, a user, a confidential client and a pool of refresh chains.
  const db = await openDatabase({ sqlitePath: dbPath })
  await storeSigningKey(db, privateJwk)
  const user = await createUser(db, { email: 'bench@example.com', name: 'Bench User', password: 'bench password' })
  const { clientId, clientSecret } = await createClient(db, { name: 'Bench', redirectUris: [REDIRECT_URI], scopes: [...SCOPES] })
  const client = (await clientByClientId(db, clientId))!
  const provider: IdentityProviderContext = {
    db,
    issuer: 'http://127.0.0.1',
    keys: signingKeys(db),
    now: () => new Date(),
    events: webhookOutbox(),
    branding: DEFAULT_BRANDING,
  }
  const svcPool: string[] = []
  let svcAccessToken = ''
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
    svcPool.push(issued.refresh_token!)
    svcAccessToken ||= issued.access_token
  }
  const signing = await compareSigning(provider, user, client, privateKey as CryptoKey, kid)
  await db.destroy()

  const setup = { jwk: privateJwk, clientId, clientSecret, redirectUri: REDIRECT_URI, scope: SCOPE, tokens: POOL }
  const setupFile = join(dir, 'oidc-provider.json')
  writeFileSync(setupFile, JSON.stringify(setup))
  const durableSetupFile = join(dir, 'oidc-provider-sqlite.json')
  writeFileSync(durableSetupFile, JSON.stringify({ ...setup, sqliteFile: join(dir, 'oidc-provider.db') }))
  const pinned = { ownCore: true }
  const svc = await startServerProcess(['server/cli.ts', 'serve', '--port', '0', '--json', '--db', dbPath], {}, pinned)
  const peer = await startServerProcess(['bench/oidc-provider-server.ts', setupFile], {}, pinned)
  const durablePeer = await startServerProcess(['bench/oidc-provider-server.ts', durableSetupFile], {}, pinned)
  const floor = await startServerProcess(['bench/signing-floor-server.ts', setupFile], {}, pinned)
  type PeerReady = { port: number; refreshTokens: string[]; accessToken: string }
  const peerReady = peer.ready as unknown as PeerReady
  const basic = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret!)}`).toString('base64')}`
  const urlOf = (server: ServerProcess, path: string) => `http://127.0.0.1:${server.ready.port}${path}`
  // Each server's refresh chains and access token, by the URL the rounds load.
  const pools = new Map<string, string[]>([
    [urlOf(svc, '/oidc/token'), svcPool],
    [urlOf(durablePeer, '/token'), (durablePeer.ready as unknown as PeerReady).refreshTokens],
    [urlOf(floor, '/token'), [...peerReady.refreshTokens]],
  ])
  const refreshLoad = (url: string, seconds: number) => {
    const { origin, pathname } = new URL(url)
    return loadChain({ url: origin, request: refreshChain(pathname, basic, pools.get(url)!), connections: CONNECTIONS, seconds })
  }
  const bearer = new Map([
    [urlOf(svc, '/oidc/userinfo'), svcAccessToken],
    [urlOf(peer, '/me'), peerReady.accessToken],
  ])
  const userinfoLoad = (url: string, seconds: number) =>
    load({ url, headers: { Authorization: `Bearer ${bearer.get(url)!}` }, connections: CONNECTIONS, seconds })
  try {
    const against = (other: ServerProcess, otherPath: string, svcPath: string, run: typeof refreshLoad) =>
      roundsAgainstBare({
        bare: { server: other, url: urlOf(other, otherPath) },
        svc: { server: svc, url: urlOf(svc, svcPath) },
        rounds: ROUNDS,
        seconds: SECONDS,
        load: run,
      })
    const durable = await against(durablePeer, '/token', '/oidc/token', refreshLoad)
    const floored = await against(floor, '/token', '/oidc/token', refreshLoad)
    const userinfo = await against(peer, '/me', '/oidc/userinfo', userinfoLoad)
    console.log(
      `identity provider: ${CONNECTIONS} connections a server, ${ROUNDS} rounds of ${SECONDS} s, svc and the other loaded at once on one core; svc stores in SQLite`,
    )
    const durableRatio = reportPair('refresh grants against node-oidc-provider 8 in SQLite', 'node-oidc-provider', durable)
    verdict('refresh grants svc/node-oidc-provider in SQLite', durableRatio, '>=', 2.5)
    const floorRatio = reportPair('refresh grants against the floor (node:http that only mints and signs)', 'floor', floored)
    verdict('refresh grants svc/floor throughput', floorRatio, '>=', 0.5)
    const cpuOverFloor = median(floored.map((round) => round.svc.cpuMicrosecondsPerAnswer / round.bare.cpuMicrosecondsPerAnswer))
    verdict("svc's CPU per grant / the floor's (filing: 150 µs over 370 µs)", cpuOverFloor, '<=', CPU_OVER_FLOOR_GOAL)
    const overFloor = median(floored.map((round) => round.svc.cpuMicrosecondsPerAnswer - round.bare.cpuMicrosecondsPerAnswer))
    console.log(
      `  svc's CPU per grant over the floor's, median of rounds: ${overFloor.toFixed(0)} µs as measured, ` +
        `${((cpuOverFloor - 1) * QUIET_FLOOR_MICROSECONDS).toFixed(0)} µs at the filing's ${QUIET_FLOOR_MICROSECONDS} µs floor (goal <= 150)`,
    )
    const userinfoRatio = reportPair('userinfo against node-oidc-provider 8', 'node-oidc-provider', userinfo)
    verdict('userinfo svc/node-oidc-provider', userinfoRatio, '>=', 2)
    console.log(
      `  id_token signing in the bench process: svc ${signing.svc.toFixed(0)}/s, bare jose RS256 ${signing.bare.toFixed(0)}/s, ratio ${(signing.svc / signing.bare).toFixed(2)}`,
    )
  } finally {
    await Promise.all([svc.stop(), peer.stop(), durablePeer.stop(), floor.stop()])
  }
}

/** Prints each round of svc against `otherName`; returns the median throughput ratio svc/other. */
function reportPair(title: string, otherName: string, rounds: Round[]): number {
  // withCpuPerAnswer measured these too; against-bare.ts types only the figure the other benches read.
  const row = (name: string, r: Round['svc'] & Partial<CpuPerAnswer>) =>
    `    ${name.padEnd(20)} ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${String(r.p50Ms).padStart(4)} ms   p99 ${String(r.p99Ms).padStart(5)} ms   ` +
    `CPU ${r.cpuMicrosecondsPerAnswer.toFixed(0).padStart(5)} µs/answer (main thread ${(r.mainThreadMicrosecondsPerAnswer ?? 0).toFixed(0).padStart(4)}), ` +
    `${(r.coreShare ?? 0).toFixed(2)} of a core   non-2xx ${r.non2xx}   errors ${r.errors}`
  console.log(`  ${title}`)
  const failed = rounds.reduce((sum, round) => sum + round.svc.non2xx + round.bare.non2xx, 0)
  // A ratio of refusals says nothing about grants: say so where the ratio is printed.
  if (failed > 0) console.log(`   WARNING: ${failed} answers were not 2xx, so these rounds do not measure what they say`)
  for (const [index, round] of rounds.entries()) {
    const ratio = round.svc.requestsPerSecond / round.bare.requestsPerSecond
    const cpu = round.bare.cpuMicrosecondsPerAnswer / round.svc.cpuMicrosecondsPerAnswer
    console.log(
      `   round ${index + 1}: throughput ratio svc/${otherName} ${ratio.toFixed(2)}, CPU per answer ${otherName}/svc ${cpu.toFixed(2)}`,
    )
    console.log(row('svc', round.svc))
    console.log(row(otherName, round.bare))
  }
  return median(rounds.map((round) => round.svc.requestsPerSecond / round.bare.requestsPerSecond))
}

/** One figure against its goal (issue 31), median of the rounds. */
function verdict(name: string, value: number, direction: '>=' | '<=', goal: number, digits = 2): void {
  const met = direction === '>=' ? value >= goal : value <= goal
  console.log(`  ${name}, median of rounds: ${value.toFixed(digits)} (goal ${direction} ${goal}: ${met ? 'met' : 'MISSED'})`)
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
}

/** Signs id_tokens through svc and with bare jose, interleaved in rounds; returns signatures a second. */
async function compareSigning(
  provider: IdentityProviderContext,
  user: Parameters<typeof signIdToken>[1]['user'],
  client: Parameters<typeof signIdToken>[1]['client'],
  key: CryptoKey,
  kid: string,
) {
  const issuance = {
    client,
    user,
    scopes: SCOPE.split(' '),
    grantId: 'grt',
    authTime: 0,
    sessionId: null,
    grantExpiresAt: new Date(),
    withIdToken: true,
    nonce: 'n',
  }
  const bare = () =>
    new SignJWT({ sub: user.sub, name: user.name, email: user.email, nonce: 'n' })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(provider.issuer)
      .setAudience(client.client_id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key)
  const ours = () => signIdToken(provider, issuance, 'access-token')
  const rates = { svc: 0, bare: 0 }
  for (let round = 0; round < 3; round++) {
    for (const [name, sign] of [
      ['bare', bare],
      ['svc', ours],
    ] as const) {
      const count = 200
      const start = performance.now()
      for (let i = 0; i < count; i++) await sign()
      rates[name] = Math.max(rates[name], count / ((performance.now() - start) / 1000))
    }
  }
  return rates
}
