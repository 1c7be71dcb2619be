/**
 * @module The floor of the identity benchmark: a bare node:http server that
 * answers every refresh-token request with what a refresh grant must at
 * least make (a new access token, a new refresh token and a freshly signed
 * RS256 id_token with the same key) and stores nothing, authenticates
 * nobody. No identity provider can answer refresh grants faster than this
 * on the same machine. Prints its port.
 *
 * Usage: node --import tsx bench/signing-floor-server.ts SETUP_JSON_FILE
 */
import { createHash, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { rsaPrivateKey, signRs256 } from '../server/grants/sign-jws.js'

const setup = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { jwk: { kid: string }; clientId: string }
const key = rsaPrivateKey(setup.jwk)

const server = createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  // node:http does not await the handler: a failed signing is answered 500 and logged here, not left unhandled.
  req.on('end', () => void answer().catch((error: Error) => {
    process.stderr.write(`signing floor: ${error.message}\n`)
    res.writeHead(500).end()
  }))
  async function answer(): Promise<void> {
    const form = new URLSearchParams(Buffer.concat(chunks).toString())
    if (!form.get('refresh_token')) {
      res.writeHead(400).end()
      return
    }
    const accessToken = randomBytes(32).toString('base64url')
    const now = Math.floor(Date.now() / 1000)
    const idToken = await signRs256(
      { alg: 'RS256', kid: setup.jwk.kid, typ: 'JWT' },
      {
        iss: 'http://127.0.0.1',
        aud: setup.clientId,
        exp: now + 3600,
        iat: now,
        sub: 'ACC0000000001',
        name: 'Bench User',
        email: 'bench@example.com',
        email_verified: true,
        auth_time: now,
        at_hash: createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url'),
      },
      key,
    )
    const body = JSON.stringify({
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'openid profile email offline_access',
      refresh_token: randomBytes(32).toString('base64url'),
      id_token: idToken,
    })
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(body)
  }
})
server.listen(0, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`))
process.once('SIGTERM', () => server.close(() => process.exit(0)))
