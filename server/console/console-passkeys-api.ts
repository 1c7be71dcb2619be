/**
 * @module The account page's Passkeys section, as JSON for the signed-in
 * person: their passkeys (name, added, last used, synced or on one
 * device), adding one (the ceremony's options, then its answer with the
 * name they gave it), removing one, and removing the password once a
 * passkey exists (passkey-only; "Forgot password?" still mails a link
 * to set one again). An account is never left with no way in: the last
 * passkey of an account without a password cannot be removed.
 */
import { type Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import { hasNoPassword } from '../accounts/account-state.js'
import { UNUSABLE_PASSWORD_HASH } from '../accounts/passwords.js'
import { addPasskey, PASSKEY_NAME_MAX, passkeyCount, passkeyName, passkeysOf, passkeySummary, removePasskey } from '../accounts/passkeys.js'
import { setPasswordHash, userBySub } from '../accounts/users.js'
import type { Branding } from '../branding.js'
import type { Database, UserRow } from '../db/schema.js'
import { fill } from '../i18n/pages.js'
import { passkeyWords } from '../i18n/passkey-words.js'
import { requestLocale } from '../i18n/request-locale.js'
import { InvalidInput } from '../invalid-input.js'
import { registrationOptions, verifiedNewPasskey } from '../oidc/passkeys/passkey-registration.js'
import { type ConsoleVariables, consoleError, jsonObject, refusal } from './console-guard.js'
import { accountWords } from '../i18n/account-words.js'

/**
 * Builds the Passkeys routes, mounted at `/console/api/account/passkeys` behind the account API's guard.
 *
 * @example
 * app.route('/passkeys', consolePasskeysApi(db, { issuer, branding }))
 */
export function consolePasskeysApi(
  db: Kysely<Database>,
  { issuer, branding, now = () => new Date() }: { issuer: string; branding: Branding; now?: () => Date },
): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>()
  const deployment = { db, issuer, product: branding.name, now }
  const wordsOf = (c: Context) => passkeyWords(requestLocale(c))
  /** The signed-in account, or the answer that it is gone. */
  const account = async (c: Context<{ Variables: ConsoleVariables }>): Promise<UserRow | Response> =>
    (await userBySub(db, c.get('session').sub)) ?? consoleError(c, 404, accountWords(requestLocale(c), branding.name).accountGone)

  app.get('/', async (c) => {
    const user = await account(c)
    if (user instanceof Response) return user
    const countWords = accountWords(requestLocale(c), branding.name)
    return c.json(
      {
        passkeys: (await passkeysOf(db, user.id)).map(passkeySummary),
        has_password: !hasNoPassword(user.password_hash),
        // The name's limit, so the form counts it while typing rather than cutting it unseen.
        name_max: PASSKEY_NAME_MAX,
        locale: requestLocale(c),
        words: { ...wordsOf(c), characters: countWords.characters, characterCount: countWords.characterCount },
      },
      200,
      { 'Cache-Control': 'no-store' },
    )
  })

  app.post('/options', async (c) => {
    const user = await account(c)
    if (user instanceof Response) return user
    const options = await registrationOptions(c, deployment, {
      userId: user.id,
      // The account code: opaque, stable, never the address (which may change).
      handle: new TextEncoder().encode(user.sub),
      email: user.email,
      name: user.name,
      existing: await passkeysOf(db, user.id),
    })
    return c.json(options, 200, { 'Cache-Control': 'no-store' })
  })

  app.post('/', async (c) => {
    const user = await account(c)
    if (user instanceof Response) return user
    const body = (await jsonObject(c)) ?? {}
    try {
      const name = passkeyName(body.name)
      const made = typeof body.credential === 'string' ? await verifiedNewPasskey(c, deployment, body.credential, user.id) : undefined
      if (!made) return consoleError(c, 422, wordsOf(c).passkeyNotAdded, { errors: { credential: wordsOf(c).passkeyNotAdded } })
      const passkey = await addPasskey(db, { ...made, userId: user.id, name }, now())
      return c.json({ passkey: passkeySummary(passkey), message: fill(wordsOf(c).passkeyAdded, { name }) }, 201)
    } catch (error) {
      if (error instanceof InvalidInput && error.field === 'name') {
        // In the visitor's words, not the repository's English.
        const said = fill(wordsOf(c).passkeyNameInvalid, { max: String(PASSKEY_NAME_MAX) })
        return consoleError(c, 422, said, { errors: { name: said } })
      }
      return refusal(c, error)
    }
  })

  app.delete('/:id', async (c) => {
    const user = await account(c)
    if (user instanceof Response) return user
    const id = Number(c.req.param('id'))
    const passkey = Number.isSafeInteger(id) ? (await passkeysOf(db, user.id)).find((candidate) => candidate.id === id) : undefined
    if (!passkey) return consoleError(c, 404, wordsOf(c).passkeyNotFound)
    if (hasNoPassword(user.password_hash) && (await passkeyCount(db, user.id)) <= 1) return consoleError(c, 409, wordsOf(c).lastWayIn)
    await removePasskey(db, user.id, passkey.id)
    return c.json({ message: fill(wordsOf(c).passkeyRemoved, { name: passkey.name }) })
  })

  app.post('/remove-password', async (c) => {
    const user = await account(c)
    if (user instanceof Response) return user
    if ((await passkeyCount(db, user.id)) === 0) return consoleError(c, 409, wordsOf(c).passkeyFirst)
    // The hash that matches no password, as an invitation's account holds until its owner chooses one.
    await setPasswordHash(db, user.id, UNUSABLE_PASSWORD_HASH, { emailVerified: false, now: now() })
    return c.json({ message: wordsOf(c).passwordRemoved })
  })
  return app
}
