import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'

let idp: IdentityFixture
beforeAll(async () => {
  idp = await identityFixture()
})
afterAll(() => idp.close())

/** Sends the head of a POST and a few bytes of its body, then hangs up. */
async function hangUpMidBody(path: string, contentType: string): Promise<void> {
  const socket = connect(Number(new URL(idp.issuer).port), '127.0.0.1')
  await new Promise((resolve) => socket.once('connect', resolve))
  socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${contentType}\r\nContent-Length: 500\r\n\r\nemail=ada`)
  await new Promise((resolve) => setTimeout(resolve, 50))
  socket.destroy()
  await new Promise((resolve) => setTimeout(resolve, 100))
}

describe('a caller hanging up mid-body', () => {
  it.each([
    ['/oidc/authorize/login', 'application/x-www-form-urlencoded'],
    ['/oidc/logout', 'application/x-www-form-urlencoded'],
    ['/oidc/token', 'application/x-www-form-urlencoded'],
    ['/oidc/revoke', 'application/x-www-form-urlencoded'],
    ['/oidc/userinfo', 'application/x-www-form-urlencoded'],
  ])('at %s is logged as information, not as a server error', async (path, contentType) => {
    const lines = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await hangUpMidBody(path, contentType)
      const logged = lines.mock.calls.map(([line]) => JSON.parse(String(line).split('\n')[0]!) as { level: string; message: string })
      expect(logged.filter((line) => line.level === 'error')).toEqual([])
    } finally {
      lines.mockRestore()
    }
    expect((await fetch(`${idp.issuer}/healthz`)).status).toBe(200)
  })
})
