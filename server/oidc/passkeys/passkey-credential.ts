/**
 * @module Reads what a browser sent back from a WebAuthn ceremony (the
 * JSON `@simplewebauthn/browser` makes of the credential) before anything
 * is looked up: the shape, sizes within reason, and the challenge its
 * signed client data names, so the challenge can be spent whatever the
 * rest of the answer turns out to be.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'

/** The longest credential JSON a form may carry (attestation objects of real authenticators are a few KB). */
export const CREDENTIAL_MAX_LENGTH = 32 * 1024

const BASE64URL = /^[\w-]*$/

/** What a ceremony answered, with the challenge its client data names. */
export interface ReadCredential<T> {
  response: T
  challenge: string
}

function parsed(text: string): Record<string, unknown> | undefined {
  if (text.length === 0 || text.length > CREDENTIAL_MAX_LENGTH) return undefined
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

const isBase64url = (value: unknown, max = CREDENTIAL_MAX_LENGTH): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max && BASE64URL.test(value)

function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const clientData: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'))
    const challenge = (clientData as { challenge?: unknown } | null)?.challenge
    return isBase64url(challenge, 512) ? challenge : undefined
  } catch {
    return undefined
  }
}

function read<T>(text: string, fields: string[]): ReadCredential<T> | undefined {
  const value = parsed(text)
  if (!value || !isBase64url(value.id, 1024) || value.rawId !== value.id || value.type !== 'public-key') return undefined
  const response = value.response as Record<string, unknown> | undefined
  if (typeof response !== 'object' || response === null || !fields.every((field) => isBase64url(response[field]))) return undefined
  const challenge = challengeOf(response.clientDataJSON as string)
  return challenge === undefined ? undefined : { response: value as T, challenge }
}

/**
 * An assertion (sign-in) as sent, or `undefined` when it is not one.
 *
 * @example
 * const read = readAssertion(form.get('credential') ?? '')
 */
export function readAssertion(text: string): ReadCredential<AuthenticationResponseJSON> | undefined {
  return read(text, ['clientDataJSON', 'authenticatorData', 'signature'])
}

/**
 * An attestation (a new passkey) as sent, or `undefined` when it is not one.
 *
 * @example
 * const read = readAttestation(body.credential)
 */
export function readAttestation(text: string): ReadCredential<RegistrationResponseJSON> | undefined {
  return read(text, ['clientDataJSON', 'attestationObject'])
}
