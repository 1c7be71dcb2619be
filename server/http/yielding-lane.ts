/**
 * @module A lane that lets through one request per turn of the event loop.
 * Anonymous form posts that may cost a password check (the sign-in forms)
 * wait in it, so that a flood of them arriving together cannot hold back
 * the requests queued behind it on other sockets: between two sign-ins,
 * Node reads and answers whatever else has arrived (a token grant, an ads
 * request). Nothing is refused here and no work is added; only the order
 * changes. The lane holds at most one waiter per open request, which the
 * server's timeouts already bound.
 */
import type { MiddlewareHandler } from 'hono'

/**
 * A middleware that starts each request it sees in a turn of the event loop of its own.
 *
 * @example
 * app.post('/login', oneRequestPerTurn(), handler)
 */
export function oneRequestPerTurn(): MiddlewareHandler {
  const waiting: Array<() => void> = []
  let scheduled = false
  const letOneThrough = () => {
    waiting.shift()?.()
    scheduled = waiting.length > 0
    // setImmediate runs after the poll phase, so sockets with data are served before the next one.
    if (scheduled) setImmediate(letOneThrough)
  }
  return async (_c, next) => {
    await new Promise<void>((resolve) => {
      waiting.push(resolve)
      if (!scheduled) {
        scheduled = true
        setImmediate(letOneThrough)
      }
    })
    await next()
  }
}
