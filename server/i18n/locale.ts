/**
 * @module Picks the language of svc's own pages and mails for a request:
 * the first supported tag of `ui_locales`, then the best `Accept-Language`
 * entry by q-value (`de-CH` reads `de`), then English.
 *
 * Portuguese comes in two variants, named as CLDR names them: `pt` is
 * Brazilian Portuguese (spoken by four in five Portuguese speakers, and
 * what Google and CLDR serve for a bare `pt`), `pt-PT` European
 * Portuguese, which every other Portuguese-speaking region (`pt-AO`,
 * `pt-MZ`, `pt-CV`…) writes too. `Intl` agrees: `pt` formats dates and
 * plurals as Brazil does, `pt-PT` as Portugal does.
 */

export const LOCALES = ['en', 'de', 'es', 'fr', 'it', 'nl', 'pt', 'pt-PT'] as const
export type Locale = (typeof LOCALES)[number]

/**
 * The locale a BCP 47 tag reads as, if svc speaks it (`_` is taken for `-`, as Java and POSIX write tags).
 *
 * @example
 * localeOf('pt-BR') // 'pt'
 * localeOf('pt-AO') // 'pt-PT'
 * localeOf('de-CH') // 'de'
 */
export function localeOf(tag: string): Locale | undefined {
  const [language = '', ...subtags] = tag.trim().toLowerCase().split(/[-_]/)
  if (language === 'pt') {
    // A region (two letters or three digits) other than Brazil's writes as Portugal does; a script or none reads Brazilian.
    const region = subtags.find((subtag) => /^([a-z]{2}|\d{3})$/.test(subtag))
    return region === undefined || region === 'br' ? 'pt' : 'pt-PT'
  }
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
    const locale = tag ? localeOf(tag) : undefined
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
      return { locale: localeOf(tag), weight: Number.isFinite(weight) ? weight : 0, index }
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
