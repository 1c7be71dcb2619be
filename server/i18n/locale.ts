/**
 * @module Picks the language of svc's own pages and mails for a request:
 * the first supported tag of `ui_locales`, then the best `Accept-Language`
 * entry by q-value (`de-CH` reads `de`), then English.
 */

export const LOCALES = ['en', 'de', 'es', 'fr', 'it', 'nl', 'pt'] as const
export type Locale = (typeof LOCALES)[number]

const supported = (tag: string): Locale | undefined => {
  const language = tag.trim().toLowerCase().split('-')[0]!
  return (LOCALES as readonly string[]).includes(language) ? (language as Locale) : undefined
}

/**
 * The first supported language of an OpenID `ui_locales` value (space-separated).
 *
 * @example
 * fromUiLocales('tlh fr-CA en') // 'fr'
 */
export function fromUiLocales(uiLocales: string | null | undefined): Locale | undefined {
  for (const tag of (uiLocales ?? '').split(' ')) {
    const locale = tag ? supported(tag) : undefined
    if (locale) return locale
  }
  return undefined
}

/**
 * The supported language an `Accept-Language` header prefers most (ties keep the header's order; q=0 means "not this").
 *
 * @example
 * fromAcceptLanguage('fr;q=0.5, de-CH, en;q=0.8') // 'de'
 */
export function fromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const weight = q === undefined ? 1 : Number(q.slice(2))
      return { locale: supported(tag), weight: Number.isFinite(weight) ? weight : 0, index }
    })
    .filter((entry) => entry.locale && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
  return ranked[0]?.locale
}

/**
 * The language to speak: `ui_locales`, then `Accept-Language`, then English.
 *
 * @example
 * pickLocale('nl', 'de') // 'nl'
 * pickLocale(undefined, 'xx') // 'en'
 */
export function pickLocale(uiLocales: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  return fromUiLocales(uiLocales) ?? fromAcceptLanguage(acceptLanguage) ?? 'en'
}
