/**
 * @module The baseline of the identity benchmark: node-oidc-provider 8 in
 * its own process, configured like svc (the same RSA key, one confidential
 * client with client_secret_basic, the same scopes and claims, refresh
 * token rotation), storing in memory without a size cap, or, with
 * `sqliteFile` in the setup, durably in SQLite as svc does. Prints its
 * port, a pool of refresh tokens and an access token.
 *
 * Usage: node --import tsx bench/oidc-provider-server.ts SETUP_JSON_FILE
 */
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import SQLite from 'better-sqlite3'
import Provider from 'oidc-provider'

const setup = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as {
  jwk: Record<string, unknown>
  clientId: string
  clientSecret: string
  redirectUri: string
  scope: string
  tokens: number
  /** Store in this SQLite file instead of memory. */
  sqliteFile?: string
}

const store = new Map<string, { payload: Record<string, unknown>; exp: number }>()
const byGrant = new Map<string, Set<string>>()
/** In memory, without a size cap: node-oidc-provider at its fastest, keeping nothing across a restart. */
class MapAdapter {
  constructor(private readonly name: string) {}
  private key(id: string) {
    return `${this.name}:${id}`
  }
  async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number) {
    store.set(this.key(id), { payload, exp: expiresIn ? Date.now() + expiresIn * 1000 : Infinity })
    const grantId = payload.grantId as string | undefined
    if (grantId) byGrant.set(grantId, (byGrant.get(grantId) ?? new Set()).add(this.key(id)))
  }
  async find(id: string) {
    const entry = store.get(this.key(id))
    return entry && entry.exp > Date.now() ? entry.payload : undefined
  }
  async findByUid() {
    return undefined
  }
  async findByUserCode() {
    return undefined
  }
  async consume(id: string) {
    const entry = store.get(this.key(id))
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000)
  }
  async destroy(id: string) {
    store.delete(this.key(id))
  }
  async revokeByGrantId(grantId: string) {
    for (const key of byGrant.get(grantId) ?? []) store.delete(key)
    byGrant.delete(grantId)
  }
}

/**
 * In a SQLite file like svc (WAL, synchronous NORMAL), one row per model
 * instance with its payload as JSON, in the manner of node-oidc-provider's
 * own Sequelize-on-SQLite example adapter; statements are prepared once.
 */
function sqliteAdapter(file: string) {
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.exec(`create table if not exists oidc_models (
    name text not null, id text not null, payload text not null, grant_id text, expires_at integer,
    primary key (name, id))`)
  sqlite.exec('create index if not exists oidc_models_by_grant on oidc_models (grant_id)')
  const upsert = sqlite.prepare(`insert into oidc_models (name, id, payload, grant_id, expires_at) values (?, ?, ?, ?, ?)
    on conflict (name, id) do update set payload = excluded.payload, grant_id = excluded.grant_id, expires_at = excluded.expires_at`)
  const find = sqlite
    .prepare('select payload from oidc_models where name = ? and id = ? and (expires_at is null or expires_at > ?)')
    .pluck()
  const consume = sqlite.prepare("update oidc_models set payload = json_set(payload, '$.consumed', ?) where name = ? and id = ?")
  const destroy = sqlite.prepare('delete from oidc_models where name = ? and id = ?')
  const revoke = sqlite.prepare('delete from oidc_models where grant_id = ?')
  return class SqliteAdapter {
    constructor(private readonly name: string) {}
    async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number) {
      upsert.run(
        this.name,
        id,
        JSON.stringify(payload),
        (payload.grantId as string) ?? null,
        expiresIn ? Date.now() + expiresIn * 1000 : null,
      )
    }
    async find(id: string) {
      const payload = find.get(this.name, id, Date.now()) as string | undefined
      return payload === undefined ? undefined : JSON.parse(payload)
    }
    async findByUid() {
      return undefined
    }
    async findByUserCode() {
      return undefined
    }
    async consume(id: string) {
      consume.run(Math.floor(Date.now() / 1000), this.name, id)
    }
    async destroy(id: string) {
      destroy.run(this.name, id)
    }
    async revokeByGrantId(grantId: string) {
      revoke.run(grantId)
    }
  }
}

const account = {
  sub: 'ACC0000000001',
  name: 'Bench User',
  given_name: 'Bench',
  family_name: 'User',
  email: 'bench@example.com',
  email_verified: true,
}
const provider = new Provider('http://127.0.0.1', {
  adapter: setup.sqliteFile ? sqliteAdapter(setup.sqliteFile) : MapAdapter,
  clients: [
    {
      client_id: setup.clientId,
      client_secret: setup.clientSecret,
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: [setup.redirectUri],
    },
  ],
  jwks: { keys: [setup.jwk] },
  scopes: ['openid', 'profile', 'email', 'offline_access'],
  claims: { openid: ['sub'], profile: ['name', 'given_name', 'family_name'], email: ['email', 'email_verified'] },
  findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ ...account, sub }) }),
  features: {
    devInteractions: { enabled: false },
    revocation: { enabled: true },
    introspection: { enabled: true },
    userinfo: { enabled: true },
  },
  rotateRefreshToken: true,
  ttl: {
    AccessToken: 3600,
    IdToken: 3600,
    RefreshToken: 14 * 24 * 3600,
    Grant: 90 * 24 * 3600,
    AuthorizationCode: 60,
    Session: 14 * 24 * 3600,
    Interaction: 3600,
  },
  cookies: { keys: ['bench-cookie-key'] },
})

const server = provider.listen(0)
await new Promise((resolve) => server.once('listening', resolve))
const client = (await provider.Client.find(setup.clientId))!
const refreshTokens: string[] = []
let accessToken = ''
for (let i = 0; i < setup.tokens; i++) {
  const grant = new provider.Grant({ accountId: account.sub, clientId: setup.clientId })
  grant.addOIDCScope(setup.scope)
  const grantId = await grant.save()
  const common = { accountId: account.sub, client, grantId, scope: setup.scope, gty: 'authorization_code' }
  refreshTokens.push(await new provider.RefreshToken({ ...common, authTime: Math.floor(Date.now() / 1000) }).save())
  if (i === 0) accessToken = await new provider.AccessToken(common).save()
}
process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port, refreshTokens, accessToken })}\n`)
process.once('SIGTERM', () => server.close(() => process.exit(0)))
