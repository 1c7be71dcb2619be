/**
 * @module The language of one request, remembered for the request so the
 * page layout (`<html lang>`, `Content-Language`) and the page's words
 * agree. `ui_locales` comes from the query, or from the authorization
 * request a `return` address continues; an endpoint that reads it from
 * a form or a sealed interaction says so with `useUiLocales`.
 */
import type { Context } from 'hono'
import { type Locale, pickLocale } from './locale.js'

const chosen = new WeakMap<Request, Locale>()

/** `ui_locales` inside a same-site address such as `/oidc/authorize?…&ui_locales=de`. */
export function uiLocalesOf(address: string | null | undefined): string | undefined {
  if (!address) return undefined
  const query = address.indexOf('?')
  return query < 0 ? undefined : (new URLSearchParams(address.slice(query + 1)).get('ui_locales') ?? undefined)
}

/**
 * Sets the request's language from a `ui_locales` value it carried (else `Accept-Language`, else English).
 *
 * @example
 * useUiLocales(c, form.get('ui_locales') ?? uiLocalesOf(form.get('return')))
 */
export function useUiLocales(c: Context, uiLocales: string | null | undefined): Locale {
  const locale = pickLocale(uiLocales, c.req.header('Accept-Language'))
  chosen.set(c.req.raw, locale)
  return locale
}

/**
 * The request's language: as set by `useUiLocales`, else from the query's `ui_locales` or `return`.
 *
 * @example
 * loginPage({ ..., locale: requestLocale(c) })
 */
export function requestLocale(c: Context): Locale {
  return chosen.get(c.req.raw) ?? useUiLocales(c, c.req.query('ui_locales') ?? uiLocalesOf(c.req.query('return')))
}

/**
 * `path` with the request's language added as `ui_locales` when the next
 * page could not find it again by itself (it differs from what
 * `Accept-Language` alone picks), so links keep the language they were shown in.
 *
 * @example
 * withLanguage(c, '/forgot-password') // '/forgot-password?ui_locales=nl' after ?ui_locales=nl
 */
export function withLanguage(c: Context, path: string): string {
  const locale = requestLocale(c)
  if (locale === pickLocale(undefined, c.req.header('Accept-Language'))) return path
  return `${path}${path.includes('?') ? '&' : '?'}ui_locales=${locale}`
}

/**
 * A mailed link with the mail's language, so the page it opens speaks it (English needs no mark).
 *
 * @example
 * mailedLink('https://id.example/verify-email?token=abc', 'de') // '…?token=abc&ui_locales=de'
 */
export const mailedLink = (link: string, locale: Locale): string =>
  locale === 'en' ? link : `${link}${link.includes('?') ? '&' : '?'}ui_locales=${locale}`
