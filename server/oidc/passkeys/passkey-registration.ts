/**
 * @module Making a passkey (a WebAuthn registration), for the account
 * page and for sign-up: the options the browser's ceremony takes (a
 * discoverable credential, the user verified, no attestation asked, the
 * account's passkeys excluded so one authenticator is not added twice),
 * and the check of what it answers: its challenge spent (single use, five
 * minutes, this browser's, this account's), then the attestation verified
 * for svc's relying party and origin.
 */
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server'
import { webAuthnLibrary } from './webauthn-library.js'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { CHALLENGE_LIFETIME_MS, storeChallenge, takeChallenge } from '../../accounts/passkey-challenges.js'
import type { NewPasskey } from '../../accounts/passkeys.js'
import type { Database, PasskeyRow } from '../../db/schema.js'
import { readAttestation } from './passkey-credential.js'
import { bindVisitor, boundVisitor } from './passkey-visitor.js'
import { relyingParty } from './relying-party.js'

/** What making a passkey needs of the deployment. */
export interface PasskeyDeployment {
  db: Kysely<Database>
  issuer: string
  /** The product's name, which the browser's dialog shows. */
  product: string
  now: () => Date
}

/** Who the passkey is for: an account (its id, `null` for one signing up), and the names the authenticator shows. */
export interface PasskeyHolder {
  userId: number | null
  /** Opaque bytes the authenticator keeps with the passkey (WebAuthn's user handle): never an address. */
  handle: Uint8Array<ArrayBuffer>
  email: string
  name: string
  existing: PasskeyRow[]
}

/**
 * The options for the browser's `startRegistration`, its challenge stored for this browser.
 *
 * @example
 * return c.json(await registrationOptions(c, deployment, { userId: user.id, handle, email: user.email, name: user.name, existing }))
 */
export async function registrationOptions(
  c: Context,
  deployment: PasskeyDeployment,
  holder: PasskeyHolder,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty(deployment.issuer)
  const { generateRegistrationOptions } = await webAuthnLibrary()
  const options = await generateRegistrationOptions({
    rpName: deployment.product,
    rpID: rp.id,
    userID: holder.handle,
    userName: holder.email,
    userDisplayName: holder.name,
    timeout: CHALLENGE_LIFETIME_MS,
    attestationType: 'none',
    excludeCredentials: holder.existing.map((passkey) => ({ id: passkey.credential_id, transports: JSON.parse(passkey.transports) as string[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })
  await storeChallenge(
    deployment.db,
    { challenge: options.challenge, purpose: 'register', visitorHash: bindVisitor(c, deployment.issuer), userId: holder.userId },
    deployment.now(),
  )
  return options
}

/**
 * The new passkey a ceremony's answer makes (without its name and
 * account), or `undefined` when the answer is not a valid one for a
 * challenge this browser was given for `userId` (`null`: a sign-up).
 *
 * @example
 * const made = await verifiedNewPasskey(c, deployment, body.credential, user.id)
 * if (made) await addPasskey(db, { ...made, userId: user.id, name }, now)
 */
export async function verifiedNewPasskey(
  c: Context,
  deployment: PasskeyDeployment,
  credential: string,
  userId: number | null,
): Promise<Omit<NewPasskey, 'userId' | 'name'> | undefined> {
  const read = readAttestation(credential)
  const visitorHash = boundVisitor(c, deployment.issuer)
  if (!read || !visitorHash) return undefined
  const taken = await takeChallenge(deployment.db, read.challenge, { purpose: 'register', visitorHash }, deployment.now())
  if (!taken || taken.userId !== userId) return undefined
  const rp = relyingParty(deployment.issuer)
  try {
    const { verifyRegistrationResponse } = await webAuthnLibrary()
    const result = await verifyRegistrationResponse({
      response: read.response,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    })
    if (!result.verified) return undefined
    const info = result.registrationInfo
    return {
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      backupEligible: info.credentialDeviceType === 'multiDevice',
      backedUp: info.credentialBackedUp,
    }
  } catch {
    // Every malformed or mismatched answer is one refusal: the page says the passkey was not added.
    return undefined
  }
}
