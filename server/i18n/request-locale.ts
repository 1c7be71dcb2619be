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
