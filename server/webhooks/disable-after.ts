/**
 * @module How long a webhook endpoint may fail before the worker disables
 * it (`SVC_WEBHOOK_DISABLE_AFTER`): read from text like `5d`, `12h`,
 * `10m`, `90s` or a bare number of seconds, and said back in words for
 * the portal and the mail.
 */

/** Svix's rule: five days of nothing but failures. */
export const DEFAULT_DISABLE_AFTER_MS = 5 * 24 * 60 * 60 * 1000

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const
const UNIT_WORDS = [
  ['d', 'day'],
  ['h', 'hour'],
  ['m', 'minute'],
  ['s', 'second'],
] as const

/** The longest window: a year, so a typo in the unit cannot mean never. */
export const MAX_DISABLE_AFTER_MS = 365 * UNIT_MS.d

/**
 * Milliseconds from `5d`, `12h`, `10m`, `90s` or `90`; `undefined` for
 * anything else, or a window under a second or over a year.
 *
 * @example
 * disableAfterMs('5d') // 432000000
 */
export function disableAfterMs(text: string): number | undefined {
  const match = /^([0-9]{1,9})([smhd]?)$/.exec(text.trim())
  if (!match) return undefined
  const ms = Number(match[1]) * UNIT_MS[(match[2] || 's') as keyof typeof UNIT_MS]
  return ms >= 1000 && ms <= MAX_DISABLE_AFTER_MS ? ms : undefined
}

/**
 * The window in words, in its largest whole unit.
 *
 * @example
 * disableAfterInWords(432_000_000) // '5 days'
 */
export function disableAfterInWords(ms: number): string {
  for (const [unit, word] of UNIT_WORDS) {
    const size = UNIT_MS[unit]
    if (ms % size === 0 && ms >= size) {
      const count = ms / size
      return `${count} ${word}${count === 1 ? '' : 's'}`
    }
  }
  return `${Math.round(ms / 1000)} seconds`
}
