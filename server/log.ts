/**
 * @module The server's log: one JSON object a line on stderr (stdout
 * carries only a command's result, so `serve --json` prints one object).
 * Each line has `time`, `level` and `message`, and `request_id` when it
 * is about a request. `SVC_LOG_LEVEL` (`info` by default, or `warn`,
 * `error`) drops the levels below it; `info` adds a line per request.
 */

const LEVELS = { info: 0, warn: 1, error: 2 } as const
export type LogLevel = keyof typeof LEVELS

const threshold = LEVELS[(process.env.SVC_LOG_LEVEL as LogLevel | undefined) ?? 'info'] ?? LEVELS.info
let pending: string[] = []

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

function flush(): void {
  const lines = pending
  pending = []
  console.error(lines.join('\n'))
}
