/**
 * @module Checks a passkey sign-in (a WebAuthn assertion from one of svc's
 * sign-in pages). In order: the answer must be an assertion; the login
 * throttle may make it wait; its challenge is spent (single use, five
 * minutes, this browser's); the credential must be stored (a removed
 * passkey is not); the signature must verify for svc's relying party and
 * origin with the user verified; the signature counter must move forward
 * when the authenticator counts. Failures count in the login throttle as
 * wrong passwords do, on the credential and the caller's address: never
 * on the account's own bucket, so password guesses against an account
 * never hold back its owner's passkey. Then, as for a password, a
 * disabled account or one whose address is unconfirmed signs nobody in.
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import { webAuthnLibrary } from './webauthn-library.js'
import type { Context } from 'hono'
import { takeChallenge } from '../../accounts/passkey-challenges.js'
import { passkeyByCredentialId, recordPasskeyUse } from '../../accounts/passkeys.js'
import { isDisabled, userById } from '../../accounts/users.js'
import type { PasskeyRow, UserRow } from '../../db/schema.js'
import { type AuthenticationMethod, passkeyMethods } from '../../grants/authentication-methods.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { clientAddress } from '../../http/client-address.js'
import type { LoginAttempt, LoginThrottle } from '../../http/login-throttle.js'
import { passkeyWords } from '../../i18n/passkey-words.js'
import { requestLocale } from '../../i18n/request-locale.js'
import { pageWords } from '../../pages/request-branding.js'
import { tooManyAttempts } from '../pages/sign-in-messages.js'
import { readAssertion } from './passkey-credential.js'
import { boundVisitor } from './passkey-visitor.js'
import { relyingParty } from './relying-party.js'

export type PasskeyCheck =
  | { user: UserRow; amr: AuthenticationMethod[] }
  | {
      status: 400 | 401 | 403 | 429
      error: string
      /** Seconds, for a `Retry-After` header. */
      retryAfter?: number
    }

/**
 * The account a passkey assertion opens, or the refusal to show on the page.
 *
 * @example
 * const check = await checkPasskey(c, provider, throttle, form.get('credential') ?? '')
 * if ('error' in check) return showLogin(check.error, check.status)
 */
export async function checkPasskey(
  c: Context,
  provider: IdentityProviderContext,
  throttle: LoginThrottle,
  credential: string,
): Promise<PasskeyCheck> {
  const check = await checkedPasskey(c, provider, throttle, credential)
  provider.metrics?.signIn('user' in check ? 'success' : check.status === 429 ? 'throttled' : 'failure', 'passkey')
  return check
}

async function checkedPasskey(c: Context, provider: IdentityProviderContext, throttle: LoginThrottle, credential: string): Promise<PasskeyCheck> {
  const words = passkeyWords(requestLocale(c))
  const read = readAssertion(credential)
  if (!read) return { status: 400, error: words.passkeyRefused }
  // The credential's own bucket, not the account's: guesses of its password never hold a passkey back.
  const attempt: LoginAttempt = { account: `passkey:${read.response.id}`, address: clientAddress(c) }
  const wait = await throttle.reserve(attempt)
  if (wait !== undefined) return { status: 429, error: tooManyAttempts(wait, requestLocale(c)), retryAfter: wait }
  try {
    const now = provider.now()
    const visitorHash = boundVisitor(c, provider.issuer)
    const taken = visitorHash && (await takeChallenge(provider.db, read.challenge, { purpose: 'sign_in', visitorHash }, now))
    const passkey = await passkeyByCredentialId(provider.db, read.response.id)
    const verified = taken && passkey ? await verifiedUse(provider, read.response, passkey, taken.challenge) : undefined
    if (!verified) {
      await throttle.failed(attempt)
      return { status: 401, error: taken && !passkey ? words.passkeyUnknown : words.passkeyRefused }
    }
    // Counted forward in one statement: the same assertion twice, or a cloned authenticator behind, is refused.
    if (!(await recordPasskeyUse(provider.db, passkey!, verified, now))) {
      await throttle.failed(attempt)
      return { status: 401, error: words.passkeyRefused }
    }
    await throttle.succeeded(attempt)
    const user = await userById(provider.db, passkey!.user_id)
    if (!user) return { status: 401, error: words.passkeyUnknown }
    if (isDisabled(user)) return { status: 403, error: pageWords(c).accountDisabled }
    if (user.email_verified !== 1) return { status: 403, error: pageWords(c).confirmEmailFirst }
    return { user, amr: passkeyMethods(verified) }
  } finally {
    throttle.release(attempt)
  }
}

/** The verified assertion's counter and backup state, or `undefined` for any failure of the signature, origin, RP id, user verification or counter. */
async function verifiedUse(
  provider: IdentityProviderContext,
  response: AuthenticationResponseJSON,
  passkey: PasskeyRow,
  challenge: string,
): Promise<{ counter: number; backedUp: boolean } | undefined> {
  const rp = relyingParty(provider.issuer)
  try {
    const { verifyAuthenticationResponse } = await webAuthnLibrary()
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: passkey.counter,
        transports: JSON.parse(passkey.transports) as never,
      },
    })
    if (!result.verified) return undefined
    return { counter: result.authenticationInfo.newCounter, backedUp: result.authenticationInfo.credentialBackedUp }
  } catch {
    // The library throws for every malformed or mismatched answer (and a counter gone backwards): all one refusal.
    return undefined
  }
}
