/**
 * @module The server's log: one JSON object a line on stderr (stdout
 * carries only a command's result, so `serve --json` prints one object).
 * Each line has `time`, `level` and `message`, and `request_id` when it
 * is about a request. `SVC_LOG_LEVEL` (`info` by default, or `warn`,
 * `error`) drops the levels below it. `SVC_ACCESS_LOG=1` adds an `info`
 * line per request (app.ts); it is off by default because it costs the ads API a
 * quarter of its throughput (`npm run bench ads`: 0.56 of bare node:http
 * with it, 0.75 without).
 */

const LEVELS = { info: 0, warn: 1, error: 2 } as const
export type LogLevel = keyof typeof LEVELS

let threshold: number = LEVELS.info
let pending: string[] = []

/**
 * Sets the lowest level written (`SVC_LOG_LEVEL`), as a command does once
 * it has read its settings; until then every level is.
 *
 * @example
 * configureLog({ logLevel: settings.logLevel })
 */
export function configureLog({ logLevel }: { logLevel: LogLevel }): void {
  threshold = LEVELS[logLevel]
}

/** True when lines of `level` are written. */
export const logs = (level: LogLevel): boolean => LEVELS[level] >= threshold

/**
 * Writes one log line. Request lines are gathered and written once per
 * turn of the event loop, so a busy server makes one write for many.
 *
 * @example
 * log('error', 'webhook worker: connection refused', { request_id })
 */
export function log(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
  if (!logs(level)) return
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })
  if (level !== 'info') return console.error(line)
  if (pending.length === 0) setImmediate(flush)
  pending.push(line)
}

/**
 * Writes the gathered lines now, as a process does before it exits (a
 * line left for the next turn of the event loop would be lost).
 *
 * @example
 * flushLog(); process.exit(0)
 */
export function flushLog(): void {
  flush()
}

function flush(): void {
  const lines = pending
  if (lines.length === 0) return
  pending = []
  console.error(lines.join('\n'))
}
