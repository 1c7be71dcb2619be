/**
 * @module The answer of a mailed-link page (reset, invitation, e-mail
 * confirmation, sign-in link) whose link cannot be used: it looks up what
 * became of the link's token so the page says "already accepted" or
 * "already used" for a used one, "expired" only for one past its time,
 * and "not valid" for one withdrawn, replaced or never ours.
 */
import type { Context } from 'hono'
import { htmlPage } from '../../pages/html-page.js'
import { accountTokenState, type AccountTokenPurpose } from '../../accounts/account-tokens.js'
import type { LifecycleContext } from '../../account-changes/signup.js'
import { deadLinkPage, type DeadLinkState } from '../pages/password-pages.js'
import { requestLocale, withLanguage } from '../../i18n/request-locale.js'
import { requestBranding } from '../../pages/request-branding.js'

/**
 * The 400 page for a link of `purpose` carrying `token` that the endpoint could not use.
 *
 * @example
 * if (!target) return deadLink(c, provider, token, 'invitation')
 */
export async function deadLink(c: Context, ctx: Pick<LifecycleContext, 'db' | 'now'>, token: string, purpose: AccountTokenPurpose) {
  const state = await accountTokenState(ctx.db, token, purpose, ctx.now())
  // A token still usable was refused for another reason (its account went away meanwhile): to this visitor it is not a valid link.
  return deadLinkAnswer(c, purpose, state === 'usable' ? 'unknown' : state)
}

/**
 * The same page when what became of the link is known already (a form too large to read names no token: `unknown`).
 *
 * @example
 * lifecycleBodyLimit((c) => deadLinkAnswer(c, 'reset_password', 'unknown'))
 */
export function deadLinkAnswer(c: Context, purpose: AccountTokenPurpose, state: DeadLinkState): Response {
  const { title, body } = deadLinkPage(purpose, state, (path) => withLanguage(c, path), requestLocale(c), requestBranding(c).name)
  return htmlPage(c, 400, title, body)
}
