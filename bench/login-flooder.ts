/**
 * @module The sign-in flood of the login-flood benchmark, in its own
 * process so that it does not slow down the client measuring refresh
 * grants: 50 connections post wrong passwords on `/login` at RATE a second,
 * each for a new
 * e-mail address from a new client address (`X-Forwarded-For`, which the
 * server believes from loopback), for the given seconds. Prints one JSON
 * line as it starts and one when done: requests a second and how many of
 * each status.
 *
 * Usage: node --import tsx bench/login-flooder.ts ORIGIN CSRF_COOKIE CSRF_TOKEN SECONDS RATE [hashed|refused]
 */
import { setPriority } from 'node:os'
import autocannon from 'autocannon'

const [origin, cookie, csrf, seconds, rate, kind] = process.argv.slice(2) as [string, string, string, string, string, string]
// `refused`: the same requests with an e-mail no account can have, answered before any hashing (the control).
const email = (n: number) => (kind === 'refused' ? `flood${n}` : `flood${n}@example.com`)
// The flood stands for callers on other machines: on the benchmark's own cores it yields to the server.
setPriority(19)
let n = 0
const statuses: Record<number, number> = {}
console.log(JSON.stringify({ started: true }))
const result = await autocannon({
  url: origin,
  connections: 50,
  overallRate: Number(rate),
  duration: Number(seconds),
  requests: [
    {
      method: 'POST',
      path: '/login',
      setupRequest: (req) => {
        n++
        return {
          ...req,
          headers: {
            Cookie: cookie,
            'Content-Type': 'application/x-www-form-urlencoded',
            'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          },
          body: new URLSearchParams({ csrf, email: email(n), password: 'guess' }).toString(),
        }
      },
      onResponse: (status) => void (statuses[status] = (statuses[status] ?? 0) + 1),
    },
  ],
})
console.log(JSON.stringify({ requestsPerSecond: result.requests.average, statuses }))
