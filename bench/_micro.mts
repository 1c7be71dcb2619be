import { createUser } from '../server/accounts/users.js'
import { createBff } from '../server/app.js'
import { clientByClientId, createClient } from '../server/clients/clients.js'
import { openDatabase } from '../server/db/open-database.js'
import { issueTokens } from '../server/oidc/tokens.js'
import { mkdtempSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
const db = await openDatabase({ sqlitePath: join(mkdtempSync(join(tmpdir(), 'm-')), 'db') })
const user = await createUser(db, { email: 'b@example.com', name: 'B U', password: 'password1' })
const { clientId, clientSecret } = await createClient(db, { name: 'B', redirectUris: ['http://x/cb'] })
const client = (await clientByClientId(db, clientId))!
const bff = createBff({ db })
let rt = (await issueTokens(bff.provider, { client, user, scopes: ['offline_access', 'email'], grantId: 'g', authTime: 1, sessionId: null, grantExpiresAt: new Date(Date.now() + 1e9), withIdToken: false })).refresh_token!
const basic = 'Basic ' + Buffer.from(`${clientId}:${clientSecret}`).toString('base64')
async function once() {
  const res = await bff.app.request('/oidc/token', { method: 'POST', headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' }, body: `grant_type=refresh_token&refresh_token=${rt}` })
  const body = await res.json(); rt = body.refresh_token; if (!rt) throw new Error(JSON.stringify(body))
}
for (let i = 0; i < 3000; i++) await once()
