/**
 * @module What every account-lifecycle page reads from a request: the
 * form of a POST (form-encoded, at most 64 KB, with the CSRF token the
 * login page also uses) and where the visitor continues afterwards — only
 * ever an authorization request of this issuer, carried as `return` from
 * the login page, so nothing here redirects anywhere else.
 */
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { csrfTokenMatches } from '../csrf.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { requestLocale, uiLocalesOf, useUiLocales } from '../../i18n/request-locale.js'

import { pageWords } from '../../pages/request-branding.js'

/** The one place a sign-up or reset may continue at: an authorization request (checked again from the start there). */
const AUTHORIZE_RETURN = /^\/oidc\/authorize\?[^\s#\\]{0,8000}$/

/**
 * The `return` value when it names an authorization request, else `null`.
 *
 * @example
 * continueToFrom('/oidc/authorize?client_id=…') // '/oidc/authorize?client_id=…'
 * continueToFrom('https://evil.example/') // null
 */
export function continueToFrom(value: string | null | undefined): string | null {
  return value && AUTHORIZE_RETURN.test(value) ? value : null
}

/** Where "Sign in" goes: back into the authorization request, or svc's own login page. */
export const signInHref = (continueTo: string | null): string => continueTo ?? '/login'

/** A query string carrying `return` when there is one. */
export const withReturn = (path: string, continueTo: string | null): string =>
  continueTo ? `${path}?return=${encodeURIComponent(continueTo)}` : path

export type FormRead = URLSearchParams | { status: 400 | 403; problem: string }

/** The body limit of the account forms, answering with `onTooLarge`'s page. */
export const lifecycleBodyLimit = (onTooLarge: (c: Context) => Response) => bodyLimit({ maxSize: 64 * 1024, onError: (c) => onTooLarge(c) })

/**
 * The POSTed form once its type and CSRF token are right, or why not in a sentence.
 *
 * @example
 * const form = await readLifecycleForm(c, provider)
 * if (!(form instanceof URLSearchParams)) return page(form.status, form.problem)
 */
export async function readLifecycleForm(c: Context, provider: IdentityProviderContext): Promise<FormRead> {
  if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded'))
    return { status: 400, problem: pageWords(c).formNotForm }
  const form = new URLSearchParams(await c.req.text())
  // The page's language rides in the form (see `languageField`), or in the authorization request it continues.
  useUiLocales(c, form.get('ui_locales') ?? uiLocalesOf(form.get('return')))
  if (!csrfTokenMatches(c, provider, form.get('csrf'))) return { status: 403, problem: pageWords(c).formExpired }
  return form
}

/**
 * The hidden field that carries a form page's language to its POST.
 *
 * @example
 * hidden: { csrf, ...languageField(c) }
 */
export const languageField = (c: Context): { ui_locales: string } => ({ ui_locales: requestLocale(c) })
