/**
 * @module The passkey ceremonies of svc's own sign-in and sign-up pages,
 * loaded as one same-origin module (`/widget/passkey-pages.js`) by the
 * pages that offer passkeys and no other. The server renders the forms
 * hidden; this script shows them only in a browser that can use passkeys.
 * Sign-in: the button asks `/oidc/passkey/sign-in-options` for a
 * challenge, runs the browser's ceremony and posts its answer in the
 * form's `credential` field; where the browser can offer passkeys in the
 * e-mail field's autofill (conditional mediation), a ceremony waits there
 * from the start. Sign-up: the button takes the name and address typed,
 * asks `/oidc/passkey/sign-up-options`, makes the passkey and posts the
 * sign-up form with it instead of a password.
 */
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser'

/** The server refused to start a ceremony; its sentence is in the page's language. */
class Refused extends Error {}

/** Asks the server for a ceremony's options; a refusal's sentence is thrown as `Refused`. */
async function options<T>(path: string, body: Record<string, string>): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  })
  const answer = (await response.json()) as T & { error?: string }
  if (!response.ok) throw new Refused(answer.error ?? response.statusText)
  return answer
}

function say(form: HTMLFormElement, message: string): void {
  const alert = form.querySelector<HTMLElement>('.passkey-error')
  if (!alert) return
  alert.textContent = message
  alert.hidden = false
}

/** The sentence to show for a ceremony that failed: the server's own, or the page's "cancelled or timed out" (never the browser's wording). */
const failure = (form: HTMLFormElement, error: unknown) => (error instanceof Refused ? error.message : (form.dataset.cancelled ?? ''))

function submitWith(form: HTMLFormElement, credential: unknown): void {
  const field = form.querySelector<HTMLInputElement>('input[name="credential"]')!
  field.value = JSON.stringify(credential)
  form.submit()
}

function signIn(form: HTMLFormElement): void {
  form.hidden = false
  const path = form.dataset.options!
  const button = form.querySelector<HTMLButtonElement>('.passkey-start')!
  button.addEventListener('click', () => void signInNow(form, path, button))
  void autofill(form, path)
}

async function signInNow(form: HTMLFormElement, path: string, button: HTMLButtonElement): Promise<void> {
  button.disabled = true
  try {
    // Starting this ceremony ends the one waiting in the autofill (the library aborts it).
    const optionsJSON = await options<PublicKeyCredentialRequestOptionsJSON>(path, {})
    submitWith(form, await startAuthentication({ optionsJSON }))
  } catch (error) {
    say(form, failure(form, error))
    button.disabled = false
  }
}

/** Conditional mediation: the browser lists this site's passkeys under the e-mail field. */
async function autofill(form: HTMLFormElement, path: string): Promise<void> {
  if (!document.querySelector('input[autocomplete~="webauthn"]') || !(await browserSupportsWebAuthnAutofill())) return
  try {
    const optionsJSON = await options<PublicKeyCredentialRequestOptionsJSON>(path, {})
    submitWith(form, await startAuthentication({ optionsJSON, useBrowserAutofill: true }))
  } catch {
    // Aborted by the button's ceremony, or the page is leaving: the button remains.
  }
}

function signUp(form: HTMLFormElement): void {
  const signupForm = document.querySelector<HTMLFormElement>(form.dataset.for!)
  if (!signupForm) return
  form.hidden = false
  const button = form.querySelector<HTMLButtonElement>('.passkey-start')!
  button.addEventListener('click', () => void signUpNow(form, signupForm, button))
}

async function signUpNow(form: HTMLFormElement, signupForm: HTMLFormElement, button: HTMLButtonElement): Promise<void> {
  const name = signupForm.querySelector<HTMLInputElement>('input[name="name"]')!
  const email = signupForm.querySelector<HTMLInputElement>('input[name="email"]')!
  // The name and address are still required, and said so the browser's way.
  if (!name.reportValidity() || !email.reportValidity()) return
  button.disabled = true
  try {
    const optionsJSON = await options<PublicKeyCredentialCreationOptionsJSON>(form.dataset.options!, {
      name: name.value,
      email: email.value,
      ui_locales: document.documentElement.lang,
    })
    const credential = await startRegistration({ optionsJSON })
    // A passkey instead of a password: the password field no longer has to be filled.
    signupForm.querySelector<HTMLInputElement>('input[name="password"]')?.removeAttribute('required')
    submitWith(signupForm, credential)
  } catch (error) {
    say(form, failure(form, error))
    button.disabled = false
  }
}

if (browserSupportsWebAuthn()) {
  for (const form of document.querySelectorAll<HTMLFormElement>('form.passkey-sign-in')) signIn(form)
  for (const form of document.querySelectorAll<HTMLFormElement>('form.passkey-sign-up')) signUp(form)
}
