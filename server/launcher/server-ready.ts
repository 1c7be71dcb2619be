/**
 * @module The moment a start is over: `serve` publishes on this channel
 * once it answers with the whole app, and the launcher of the built
 * server (compile-cache.ts) then saves the code the start compiled. A
 * diagnostics channel, so that the server does not need to know whether
 * anything listens (under tsx and in tests nothing does).
 */
import { channel } from 'node:diagnostics_channel'

/** The diagnostics channel `serve` publishes on when it is ready. */
export const SERVER_READY_CHANNEL = 'svc:server-ready'

/**
 * Tells whoever listens that the server is ready.
 *
 * @example
 * announceServerReady()
 */
export function announceServerReady(): void {
  const ready = channel(SERVER_READY_CHANNEL)
  if (ready.hasSubscribers) ready.publish({})
}
