/**
 * @module The browser and system a session signed in from, named from its
 * User-Agent header with a small table of the common families rather than
 * a parser package: the account page needs only "Chrome on Windows", the
 * families change rarely, and the maintained parser (ua-parser-js 2) is
 * AGPL-licensed. Order matters, as browsers claim each other's names
 * (Edge and Opera say "Chrome", Chrome says "Safari"). Anything the table
 * does not know is `null`, which the page says as "an unknown browser".
 * Also the cap on what is stored of the header: a visitor sends whatever
 * they like, 100 KB included.
 */

/** At most this much of a User-Agent header is kept with a session. */
export const USER_AGENT_MAX = 512

/** A session's browser and operating system in people's words (brand names, the same in every language), or null when unknown. */
export interface SessionDevice {
  browser: string | null
  system: string | null
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera|OPiOS)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|HeadlessChrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//i, 'curl'],
]

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
]

const first = (table: [RegExp, string][], header: string) => table.find(([pattern]) => pattern.test(header))?.[1] ?? null

/**
 * The browser and system a User-Agent header names.
 *
 * @example
 * sessionDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) … Chrome/131.0.0.0 Safari/537.36')
 * // { browser: 'Chrome', system: 'Windows' }
 */
export function sessionDevice(userAgent: string | null): SessionDevice {
  if (!userAgent) return { browser: null, system: null }
  return { browser: first(BROWSERS, userAgent), system: first(SYSTEMS, userAgent) }
}

/**
 * What is stored of a User-Agent header: its first {@link USER_AGENT_MAX}
 * characters, control characters out, or null when there is nothing left.
 *
 * @example
 * storedUserAgent(c.req.header('User-Agent'))
 */
export function storedUserAgent(header: string | undefined): string | null {
  const text = (header ?? '')
    .slice(0, USER_AGENT_MAX)
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
  return text === '' ? null : text
}
