import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createUser } from './server/accounts/users.js'
import { clientByClientId, createClient } from './server/clients/clients.js'
import { openDatabase } from './server/db/open-database.js'
import { webhookOutbox } from './server/webhooks/outbox.js'
import { signingKeys } from './server/oidc/signing-keys.js'
import { issueTokens, signIdToken } from './server/oidc/tokens.js'
import { answerTokenRequest } from './server/oidc/token.js'

const dir = mkdtempSync(join(tmpdir(), 'micro-'))
const db = await openDatabase({ sqlitePath: join(dir, 'svc.db') })
const user = await createUser(db, { email: 'b@example.com', name: 'B', password: 'bench password' })
const { clientId, clientSecret } = await createClient(db, { name: 'Bench', redirectUris: ['http://127.0.0.1/cb'] })
const client = (await clientByClientId(db, clientId))!
const provider: any = { db, issuer: 'http://127.0.0.1', keys: signingKeys(db), now: () => new Date(), events: webhookOutbox() }
await provider.keys.current()
const issuance = (i: number) => ({ client, user, scopes: ['openid', 'profile', 'email', 'offline_access'], grantId: `g${i}`, authTime: 1, sessionId: null, grantExpiresAt: new Date(Date.now() + 1e9), withIdToken: false })
const tokens: string[] = []
for (let i = 0; i < 400; i++) tokens.push((await issueTokens(provider, issuance(i))).refresh_token!)
const authorization = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`
let k = 0
const once = async () => {
  const i = k++ % 400
  const a = await answerTokenRequest(provider, { contentType: 'application/x-www-form-urlencoded', authorization, requestId: 'r', readBody: async () => `grant_type=refresh_token&refresh_token=${tokens[i]}` })
  if (a.status !== 200) throw new Error(a.body)
  tokens[i] = JSON.parse(a.body).refresh_token
}
const sign = () => signIdToken(provider, issuance(0), 'x')
for (const [name, f] of [["answerTokenRequest", once], ["answerTokenRequest", once], ["answerTokenRequest", once]] as const) {
  for (let i = 0; i < 300; i++) await f()
  const c0 = process.cpuUsage(); const t = performance.now(); const n = 3000
  for (let i = 0; i < n; i++) await f()
  const c = process.cpuUsage(c0)
  console.log(name.padEnd(22), 'wall', (((performance.now() - t) / n) * 1000).toFixed(0), 'µs  cpu', (((c.user + c.system) / n)).toFixed(0), 'µs')
}
