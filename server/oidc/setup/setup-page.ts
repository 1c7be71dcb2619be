/**
 * @module The bodies of the setup pages: the form that makes the first
 * operator (labelled `Name`, `Email` and `Password` like the sign-up
 * page, with the same hint and field errors, and a `Create operator`
 * button), the confirmation once the operator exists (`Your operator
 * account is ready`, with `Open the console`), and the page of a setup
 * link that no longer works. In English:
 * they are for the person installing svc, like the command line.
 */
import { type Html, html } from '../../http/html.js'
import type { SignUpErrors, SignUpForm } from '../../account-changes/signup.js'
import { hiddenFields, newAccountFields } from '../../pages/form-field.js'
import { fill, pageStrings } from '../../i18n/pages.js'

/** The setup pages' own words. */
export const SETUP_WORDS = {
  title: 'Create the first operator',
  intro:
    'No one runs {product} yet. The account you create here is its first operator: it can do everything in the console, and add organisations and people.',
  button: 'Create operator',
  deadTitle: 'Setup link not valid',
  dead: 'This setup link has been used or has expired. Ask the person who runs {product} for a new one: starting {product} while it has no operator prints a new link.',
  goToConsole: 'Sign in to the console',
  doneTitle: 'Your operator account is ready',
  /** After the operator's name and address. */
  done: 'is the first operator of {product}. Open the console and sign in with this e-mail address and the password you just chose; there you add organisations, their API keys and people.',
  openConsole: 'Open the console',
  emailTaken:
    'An account with this e-mail address exists already. Use another address, or make that account an operator with svc-bff user update --email {email} --operator.',
  tooMany: 'Too many setup links that do not work were tried from your address. Try again in {seconds} seconds.',
} as const

export interface SetupPageModel {
  hidden: Record<string, string>
  values?: Partial<Omit<SignUpForm, 'password'>>
  errors?: SignUpErrors
  /** A refusal of the whole form (busy, throttled). */
  problem?: string
  /** The deployment's product name. */
  product: string
}

/**
 * The form that makes the first operator.
 *
 * @example
 * htmlPage(c, 200, SETUP_WORDS.title, setupPage({ hidden: { csrf, token }, product: 'svc' }))
 */
export function setupPage({ hidden, values = {}, errors = {}, problem, product }: SetupPageModel): Html {
  const t = pageStrings('en', product)
  return html`<h1>${SETUP_WORDS.title}</h1>
<p>${fill(SETUP_WORDS.intro, { product })}</p>
${problem ? html`<p class="error" role="alert">${problem}</p>\n` : ''}<form method="post" action="/setup" novalidate>
${hiddenFields(hidden)}
${newAccountFields(t, values, errors)}
  <div class="actions"><button class="primary" type="submit">${SETUP_WORDS.button}</button></div>
</form>`
}

/**
 * The confirmation the setup form answers once the operator exists, and the way on: the console, which asks them to sign in.
 *
 * @example
 * htmlPage(c, 200, SETUP_WORDS.doneTitle, operatorReadyPage({ name: 'Ada', email: 'ada@example.com', product: 'svc' }))
 */
export function operatorReadyPage({ name, email, product }: { name: string; email: string; product: string }): Html {
  return html`<h1>${SETUP_WORDS.doneTitle}</h1>
<p role="status"><bdi>${name}</bdi> (${email}) ${fill(SETUP_WORDS.done, { product })}</p>
<form method="get" action="${AFTER_SETUP}">
  <div class="actions"><button class="primary" type="submit">${SETUP_WORDS.openConsole}</button></div>
</form>`
}

/** Where the operator goes once they exist: the console, which asks them to sign in. */
export const AFTER_SETUP = '/console'

/**
 * The page of a setup link that does not work (used, replaced by a newer
 * one, mistyped); once an operator exists it offers the console's sign-in.
 *
 * @example
 * htmlPage(c, 410, SETUP_WORDS.deadTitle, deadLinkPage({ product: 'svc', operatorExists: true }))
 */
export function deadLinkPage({ product, operatorExists }: { product: string; operatorExists: boolean }): Html {
  return html`<h1>${SETUP_WORDS.deadTitle}</h1>
<p role="status">${fill(SETUP_WORDS.dead, { product })}</p>${
    operatorExists ? html`\n<p><a href="/console">${SETUP_WORDS.goToConsole}</a></p>` : ''
  }`
}
