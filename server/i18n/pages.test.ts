import { describe, expect, it } from 'vitest'
import { LOCALES } from './locale.js'
import { fill, PAGE_STRINGS, pageStrings } from './pages.js'
import { FORM_ERRORS } from './form-errors.js'
import { ACCOUNT_WORDS } from './account-words.js'
import { AUTHENTICATOR_WORDS } from './authenticator-words.js'
import { BRAZIL_ONLY, PORTUGAL_ONLY } from './portuguese-variants.js'
import { loginPage } from '../oidc/pages/login-page.js'
import { passwordLengthHintScript, signUpPage } from '../oidc/pages/signup-page.js'
import { confirmEmailPage, deadLinkPage, forgotPasswordPage, INVITATION_WORDING, newPasswordPage } from '../oidc/pages/password-pages.js'
import { consentPage } from '../oidc/pages/consent-page.js'
import { messagePage } from '../pages/message-page.js'

const en = pageStrings('en', 'svc')

describe('the two Portuguese tables', () => {
  it.each([
    ['page', PAGE_STRINGS],
    ['form error', FORM_ERRORS],
    ['account page', ACCOUNT_WORDS],
    ['authenticator', AUTHENTICATOR_WORDS],
  ] as const)('%s words are Brazilian in pt and European in pt-PT, neither borrowing the other’s', (_, tables) => {
    for (const [key, value] of Object.entries(tables.pt)) expect(value, `pt.${key}`).not.toMatch(PORTUGAL_ONLY)
    for (const [key, value] of Object.entries(tables['pt-PT'])) expect(value, `pt-PT.${key}`).not.toMatch(BRAZIL_ONLY)
  })

  it('says what a Brazilian and a Portuguese visitor each expect', () => {
    const [brazil, portugal] = [pageStrings('pt', 'svc'), pageStrings('pt-PT', 'svc')]
    expect([brazil.signIn, brazil.signOut, brazil.password, brazil.signingYouIn]).toEqual(['Entrar', 'Sair', 'Senha', 'Entrando…'])
    expect(fill(brazil.youAreSignedInAs, { user: 'Ana' })).toBe('Você entrou como Ana.')
    expect([portugal.signIn, portugal.signOut, portugal.password, portugal.signingYouIn]).toEqual([
      'Iniciar sessão',
      'Terminar sessão',
      'Palavra-passe',
      'A iniciar a sua sessão…',
    ])
    expect([ACCOUNT_WORDS.pt.yourAccount, ACCOUNT_WORDS['pt-PT'].yourAccount]).toEqual(['Sua conta', 'A sua conta'])
    expect([FORM_ERRORS.pt.enterEmail, FORM_ERRORS['pt-PT'].enterEmail]).toEqual([
      'Informe seu e-mail.',
      'Introduza o seu endereço de email.',
    ])
  })
})

describe.each([
  ['page', PAGE_STRINGS],
  ['form error', FORM_ERRORS],
  ['account page', ACCOUNT_WORDS],
] as const)('the %s tables', (_, tables) => {
  it.each(LOCALES)('%s has every key, none empty or left a placeholder, with the same {placeholders} as English', (locale) => {
    const table: Record<string, string> = tables[locale]
    const english: Record<string, string> = tables.en
    expect(Object.keys(table).sort()).toEqual(Object.keys(english).sort())
    for (const [key, value] of Object.entries(table)) {
      expect(value.trim(), key).not.toBe('')
      expect(value, key).not.toMatch(/TODO|FIXME|XXX|^\?+$/)
      // A word may be the same in two languages (German "Name", Italian "Password"), a sentence may not.
      if (locale !== 'en' && english[key]!.includes(' ')) expect(value, `${locale}.${key} is still English`).not.toBe(english[key])
      const holes = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
      expect(holes(value), key).toEqual(holes(english[key]!))
    }
  })
})

/** Every page the tables feed, rendered in `locale` for a deployment whose product is `product`. */
function allPages(locale: (typeof LOCALES)[number], product = 'svc'): string {
  const t = pageStrings(locale, product)
  const hidden = { csrf: 'c' }
  return [
    loginPage({
      locale,
      product,
      heading: t.signInToSvc,
      action: '/login',
      hidden,
    }),
    loginPage({
      locale,
      product,
      heading: fill(t.signInToContinue, { client: 'Shop' }),
      action: '/oidc/authorize/login',
      hidden,
      accountLinks: { forgotPasswordHref: '/forgot-password', signUpHref: '/signup' },
      external: [{ name: 'GitHub', href: '/oidc/external/github' }],
    }),
    signUpPage({ locale, product, hidden, signInHref: '/login' }),
    passwordLengthHintScript(locale, product),
    forgotPasswordPage({ locale, product, hidden, signInHref: '/login' }),
    newPasswordPage({ locale, product, hidden, email: 'ada@example.com' }),
    newPasswordPage({ locale, product, hidden, email: 'ada@example.com', wording: INVITATION_WORDING }),
    // Every mailed link's page in each of the three states it can be found in.
    ...(['invitation', 'reset_password', 'verify_email', 'sign_in_link'] as const).flatMap((purpose) =>
      (['used', 'expired', 'unknown'] as const).flatMap((state) => {
        const { title, body } = deadLinkPage(purpose, state, (path) => path, locale, product)
        return [title, body]
      }),
    ),
    confirmEmailPage(hidden, 'ada@example.com', false, locale, product),
    confirmEmailPage(hidden, 'ada@example.com', true, locale, product),
    consentPage({
      locale,
      product,
      client: {
        name: 'Shop',
        logoUri: 'https://shop.example/logo.png',
        privacyPolicyUrl: 'https://shop.example/privacy',
        termsOfServiceUrl: 'https://shop.example/terms',
      },
      userName: 'Ada Lovelace',
      scopes: ['openid', 'profile', 'email', 'offline_access', 'svc.access'],
      interaction: 'i',
      csrf: 'c',
      anotherAccountHref: '/oidc/authorize?prompt=login',
    }),
    messagePage(t.signedOutHeading, t.signedOut),
    messagePage(t.checkEmail, fill(t.signUpSent, { email: 'ada@example.com' })),
    // The words pages show outside a renderer: headings, refusals and the framed pages' title.
    ...(
      [
        'signOutHeading',
        'passwordsBusy',
        'welcomeTitle',
        'signInWithSvc',
        'fedcmUnauthorizedClient',
        'fedcmNotSignedIn',
        'signedOutDisabled',
      ] as const
    ).map((key) => t[key]),
  ].join('\n')
}

describe('each language renders its pages with no missing strings', () => {
  const english = allPages('en')
  // The English words the pages show, so each language can be checked to show none of them.
  const shownInEnglish = Object.entries(en).filter(([, value]) => english.includes(value.split('{')[0]!.trim() || value))

  it('English shows the words tests and people rely on', () => {
    for (const label of ['Email', 'Password', 'Name', 'Sign in', 'Allow', 'Deny', 'Create account', 'Forgot password?'])
      expect(english).toContain(label)
    expect(shownInEnglish.length).toBeGreaterThan(40)
  })

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s leaves no English behind and nothing undefined', (locale) => {
    const page = allPages(locale)
    expect(page).not.toContain('undefined')
    expect(page).not.toMatch(/\{\w+\}/)
    const table = PAGE_STRINGS[locale]
    for (const [key, value] of shownInEnglish) {
      if (table[key as keyof typeof table] === value) continue
      const fixedPart = value.split('{')[0]!.trim()
      if (fixedPart.length > 3) expect(page, `${locale}.${key}`).not.toContain(fixedPart)
    }
  })

  it('German says "Anmelden" and labels its fields in German', () => {
    const page = allPages('de')
    expect(page).toContain('<button class="primary" type="submit">Anmelden</button>')
    expect(page).toContain('<label for="password">Passwort</label>')
    expect(page).toContain('value="allow">Erlauben</button>')
  })
})

describe('the product name', () => {
  it('is a {product} placeholder in every language, never a literal "svc"', () => {
    for (const locale of LOCALES) {
      const table: Record<string, string> = PAGE_STRINGS[locale]
      for (const [key, value] of Object.entries(table)) expect(value, `${locale}.${key}`).not.toMatch(/\bsvc\b/i)
      expect(Object.values(table).filter((value) => value.includes('{product}')).length, locale).toBeGreaterThanOrEqual(9)
    }
  })

  it.each(LOCALES)('%s pages of a branded deployment name it and never say svc', (locale) => {
    const page = allPages(locale, 'Acme ID')
    expect(page).toContain('Acme ID')
    expect(page).not.toContain('{product}')
    // svc.access is the scope's name, not the product's; it is not shown, but its words are.
    expect(page.replaceAll('svc.access', '')).not.toMatch(/\bsvc\b/i)
  })

  it('defaults to saying svc', () => {
    expect(pageStrings('en', 'svc').signInToSvc).toBe('Sign in to svc')
    expect(pageStrings('de', 'Acme ID').consentHeading).toBe('{client} möchte auf Ihr Acme ID-Konto zugreifen')
  })
})
