/**
 * @module The deployment's branding as each request sees it, so the page
 * layout (`htmlPage`, `framedPage`) and the page words agree on the
 * product name without every page builder passing it along; recorded
 * for every request by `brandRequests` in front of the routes.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { type Branding, DEFAULT_BRANDING } from '../branding.js'
import { pageStrings, type PageStrings } from '../i18n/pages.js'
import { requestLocale } from '../i18n/request-locale.js'

const recorded = new WeakMap<Request, Branding>()

/**
 * Middleware recording `branding` for each request.
 *
 * @example
 * app.use(brandRequests(branding))
 */
export function brandRequests(branding: Branding): MiddlewareHandler {
  return async function recordBranding(c, next) {
    recorded.set(c.req.raw, branding)
    await next()
  }
}

/**
 * The request's branding: the deployment's, or svc's own outside the app (a page built in a unit test).
 *
 * @example
 * requestBranding(c).name // 'Acme ID'
 */
export const requestBranding = (c: Context): Branding => recorded.get(c.req.raw) ?? DEFAULT_BRANDING

/**
 * The page words in the request's language, naming the deployment's product.
 *
 * @example
 * pageWords(c).signInError // 'Anmeldefehler' after ?ui_locales=de
 */
export const pageWords = (c: Context): PageStrings => pageStrings(requestLocale(c), requestBranding(c).name)
