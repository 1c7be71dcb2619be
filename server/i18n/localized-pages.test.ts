import { afterEach, describe, expect, it } from 'vitest'
import { CALLBACK, type IdentityFixture, identityFixture, pkcePair, ScriptedBrowser, USER } from '../testing/identity-fixture.js'
import { brandingFrom } from '../cli/brand-settings.js'
import { readSettings } from '../settings.js'
import { LOCALES } from './locale.js'

let idp: IdentityFixture | undefined
afterEach(() => idp?.close())

function authorizeUrl(fixture: IdentityFixture, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    client_id: fixture.confidential.clientId,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'openid profile email',
    state: 'st',
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
    ...extra,
  })
  return `${fixture.issuer}/oidc/authorize?${query}`
}

const href = (page: string, text: string) => new RegExp(`<a href="([^"]*)">${text}</a>`).exec(page)?.[1]?.replaceAll('&amp;', '&')

describe('the login page in German', () => {
  it('speaks German when ui_locales asks for it, keeps it through a refusal, and signs in through to consent and a code', async () => {
    const fixture = (idp = await identityFixture())
    const browser = new ScriptedBrowser({ 'Accept-Language': 'fr' })
    const res = await browser.request(authorizeUrl(fixture, { ui_locales: 'tlh de-AT en' }))
    const page = await res.text()
    expect(res.headers.get('Content-Language')).toBe('de')
    expect(page).toContain('<html lang="de">')
    expect(page).toContain('<title>Anmelden · svc</title>')
    expect(page).toContain('<h1>Anmelden, um zu Shop weiterzugehen</h1>')
    expect(page).toContain('<label for="email">E-Mail</label>')
    expect(page).toContain('<label for="password">Passwort</label>')
    expect(page).toContain('>Passwort vergessen?</a>')

    const refused = await browser.submit(`${fixture.issuer}/oidc/authorize/login`, page, { email: USER.email, password: 'wrong' })
    expect(refused.status).toBe(401)
    const again = await refused.text()
    expect(again).toContain('E-Mail oder Passwort stimmt nicht.')
    expect(again).toContain('<html lang="de">')

    const consent = await browser.submit(`${fixture.issuer}/oidc/authorize/login`, again, { email: USER.email, password: USER.password })
    const consentPage = await consent.text()
    expect(consentPage).toContain('<h1 dir="auto">Shop möchte auf Ihr svc-Konto zugreifen</h1>')
    expect(consentPage).toContain('<li>Ihre E-Mail-Adresse sehen</li>')
    expect(consentPage).toContain('value="allow">Erlauben</button>')
    const answer = await browser.submit(`${fixture.issuer}/oidc/authorize/consent`, consentPage, { decision: 'allow' })
    expect(answer.status).toBe(302)
    const callback = new URL(answer.headers.get('Location')!)
    expect(callback.origin + callback.pathname).toBe(CALLBACK)
    expect(callback.searchParams.get('code')).toBeTruthy()
  })

  it('speaks German by Accept-Language (de-CH reads de, q-values count) on /login, and signs in', async () => {
    const fixture = (idp = await identityFixture())
    const browser = new ScriptedBrowser({ 'Accept-Language': 'ja, de-CH;q=0.9, en;q=0.5' })
    const res = await browser.request(`${fixture.issuer}/login`)
    const page = await res.text()
    expect(res.headers.get('Content-Language')).toBe('de')
    expect(page).toContain('<button class="primary" type="submit">Anmelden</button>')
    const signedIn = await browser.submit(`${fixture.issuer}/login`, page, { email: USER.email, password: USER.password })
    expect(signedIn.status).toBe(200)
    expect(await signedIn.text()).toContain('<h1>Sie sind angemeldet</h1>')
    expect(browser.cookies.has('svc_session')).toBe(true)
  })

  it('carries ui_locales through the /login form even when the browser asks for another language', async () => {
    const fixture = (idp = await identityFixture())
    const browser = new ScriptedBrowser({ 'Accept-Language': 'en' })
    const page = await (await browser.request(`${fixture.issuer}/login?ui_locales=nl`)).text()
    expect(page).toContain('>Inloggen</button>')
    expect(href(page, 'Wachtwoord vergeten\\?')).toBe('/forgot-password?ui_locales=nl')
    const refused = await browser.submit(`${fixture.issuer}/login`, page, { email: USER.email, password: 'wrong' })
    expect(await refused.text()).toContain('Het e-mailadres of wachtwoord klopt niet.')
  })

  it('speaks Brazilian Portuguese to a Brazilian browser (pt-BR), in Brazil’s words', async () => {
    const fixture = (idp = await identityFixture())
    const browser = new ScriptedBrowser({ 'Accept-Language': 'pt-BR, pt;q=0.9, en;q=0.5' })
    const res = await browser.request(authorizeUrl(fixture))
    const page = await res.text()
    expect(res.headers.get('Content-Language')).toBe('pt')
    expect(page).toContain('<html lang="pt">')
    expect(page).toContain('<h1>Entre para continuar em Shop</h1>')
    expect(page).toContain('<label for="password">Senha</label>')
    expect(page).toContain('>Esqueceu a senha?</a>')
    expect(page).toContain('<button class="primary" type="submit">Entrar</button>')
    const refused = await browser.submit(`${fixture.issuer}/oidc/authorize/login`, page, { email: USER.email, password: 'wrong' })
    expect(await refused.text()).toContain('O e-mail ou a senha não estão corretos.')
    const forgot = await (await browser.request(`${fixture.issuer}/forgot-password`)).text()
    expect(forgot).toContain('<h1>Redefinir sua senha</h1>')
    expect(forgot).toContain('Informe o e-mail da sua conta')
    expect(forgot).not.toMatch(/palavra-passe|Introduza|Indique|sessão/i)
  })

  it('speaks European Portuguese to Portugal (pt-PT) and the other Portuguese-speaking regions, and through ui_locales', async () => {
    const fixture = (idp = await identityFixture())
    const browser = new ScriptedBrowser({ 'Accept-Language': 'pt-PT, pt;q=0.9, en;q=0.5' })
    const res = await browser.request(authorizeUrl(fixture))
    const page = await res.text()
    expect(res.headers.get('Content-Language')).toBe('pt-PT')
    expect(page).toContain('<html lang="pt-PT">')
    expect(page).toContain('<h1>Inicie sessão para continuar para Shop</h1>')
    expect(page).toContain('<label for="password">Palavra-passe</label>')
    expect(page).toContain('<button class="primary" type="submit">Iniciar sessão</button>')
    const refused = await browser.submit(`${fixture.issuer}/oidc/authorize/login`, page, { email: USER.email, password: 'wrong' })
    const again = await refused.text()
    expect(again).toContain('O email ou a palavra-passe não estão corretos.')
    expect(again).toContain('<html lang="pt-PT">')

    const angola = await (await new ScriptedBrowser({ 'Accept-Language': 'pt-AO' }).request(`${fixture.issuer}/forgot-password`)).text()
    expect(angola).toContain('<h1>Repor a palavra-passe</h1>')
    // ui_locales outranks the browser, both ways.
    const asked = await new ScriptedBrowser({ 'Accept-Language': 'pt-PT' }).request(authorizeUrl(fixture, { ui_locales: 'pt-BR' }))
    expect(await asked.text()).toContain('<button class="primary" type="submit">Entrar</button>')
    const european = await new ScriptedBrowser({ 'Accept-Language': 'pt-BR' }).request(authorizeUrl(fixture, { ui_locales: 'pt-PT' }))
    expect(await european.text()).toContain('<button class="primary" type="submit">Iniciar sessão</button>')
  })

  it('speaks English for languages it does not have', async () => {
    const fixture = (idp = await identityFixture())
    const res = await new ScriptedBrowser({ 'Accept-Language': 'ja, zh;q=0.8' }).request(authorizeUrl(fixture, { ui_locales: 'tlh' }))
    const page = await res.text()
    expect(res.headers.get('Content-Language')).toBe('en')
    expect(page).toContain('<html lang="en">')
    expect(page).toContain('<button class="primary" type="submit">Sign in</button>')
  })
})

describe('mails in the language of the request that caused them', () => {
  it('mails a German sign-up in German, and its link opens a German page in any browser', async () => {
    const fixture = (idp = await identityFixture())
    const browser = new ScriptedBrowser()
    const login = await (await browser.request(authorizeUrl(fixture, { ui_locales: 'de' }))).text()
    const signupHref = href(login, 'Konto erstellen')
    expect(signupHref).toMatch(/^\/signup\?return=/)
    const signup = await (await browser.request(`${fixture.issuer}${signupHref}`)).text()
    expect(signup).toContain('<h1>Konto erstellen</h1>')
    expect(signup).toContain('<label for="name">Name</label>')
    const refused = await (
      await browser.submit(`${fixture.issuer}/signup`, signup, { name: '', email: 'grete@', password: 'short' })
    ).text()
    expect(refused).toContain('Geben Sie Ihren Namen ein.')
    expect(refused).toContain('Geben Sie eine E-Mail-Adresse wie ada@example.com ein.')
    expect(refused).toContain('Verwenden Sie mindestens 12 Zeichen (dieses hat 5).')
    const sent = await browser.submit(`${fixture.issuer}/signup`, refused, {
      name: 'Grete Hopper',
      email: 'grete@example.com',
      password: 'violet kettle harbour lamp',
    })
    expect(sent.status).toBe(200)
    expect(await sent.text()).toContain('<h1>Sehen Sie in Ihre E-Mails</h1>')

    const [mail] = await fixture.db.selectFrom('mail_outbox').selectAll().execute()
    expect(mail!.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse für svc')
    expect(mail!.text).toMatch(/^Hallo,\n\num Ihr svc-Konto fertig anzulegen/)
    expect(mail!.text).not.toContain('Grete Hopper')
    expect(mail!.html).toContain('<html lang="de">')
    expect(mail!.html).toContain('Oder öffnen Sie diese Adresse:')
    const link = /https?:\/\/\S+\?token=\S+/.exec(mail!.text)![0]

    const elsewhere = new ScriptedBrowser({ 'Accept-Language': 'en-US' })
    const confirm = await (await elsewhere.request(link)).text()
    expect(confirm).toContain('<h1>E-Mail-Adresse bestätigen</h1>')
    const confirmed = await elsewhere.submit(`${fixture.issuer}/verify-email`, confirm, {})
    expect(confirmed.status).toBe(303)
    expect(confirmed.headers.get('Location')).toMatch(/^\/oidc\/authorize\?.*ui_locales=de/)
  })

  it('mails a French password reset in French', async () => {
    const fixture = (idp = await identityFixture())
    const browser = new ScriptedBrowser({ 'Accept-Language': 'fr-BE' })
    const page = await (await browser.request(`${fixture.issuer}/forgot-password`)).text()
    expect(page).toContain('<h1>Réinitialiser votre mot de passe</h1>')
    await browser.submit(`${fixture.issuer}/forgot-password`, page, { email: USER.email })
    // The reset mail is queued after the answer.
    await expect.poll(async () => (await fixture.db.selectFrom('mail_outbox').select('id').execute()).length).toBe(1)
    const [mail] = await fixture.db.selectFrom('mail_outbox').selectAll().execute()
    expect(mail!.subject).toBe('Réinitialisez votre mot de passe svc')
  })

  it('mails a Brazilian sign-up in Brazilian Portuguese, and its link opens Brazilian pages in a Portuguese browser too', async () => {
    const fixture = (idp = await identityFixture())
    const browser = new ScriptedBrowser({ 'Accept-Language': 'pt-BR' })
    const signup = await (await browser.request(`${fixture.issuer}/signup`)).text()
    expect(signup).toContain('<title>Criar uma conta · svc</title>')
    const refused = await (await browser.submit(`${fixture.issuer}/signup`, signup, { name: '', email: 'ana@', password: 'short' })).text()
    expect(refused).toContain('Informe seu nome.')
    expect(refused).toContain('Informe um e-mail como ada@example.com.')
    const sent = await browser.submit(`${fixture.issuer}/signup`, refused, {
      name: 'Ana Souza',
      email: 'ana@example.com',
      password: 'violet kettle harbour lamp',
    })
    expect(await sent.text()).toContain('<h1>Confira seu e-mail</h1>')

    const [mail] = await fixture.db.selectFrom('mail_outbox').selectAll().execute()
    expect(mail!.subject).toBe('Confirme seu e-mail no svc')
    expect(mail!.text).toMatch(/^Olá,\n\nPara terminar de criar sua conta no svc, confirme que ana@example\.com é o seu e-mail\./)
    expect(mail!.html).toContain('<html lang="pt">')
    const link = /https?:\/\/\S+\?token=\S+/.exec(mail!.text)![0]
    const confirm = await (await new ScriptedBrowser({ 'Accept-Language': 'pt-PT' }).request(link)).text()
    expect(confirm).toContain('<h1>Confirme seu e-mail</h1>')
  })
})

describe('refusal pages in the visitor’s language', () => {
  it('explains a developer’s mistake in Spanish and keeps the technical detail in English, marked as English', async () => {
    const fixture = (idp = await identityFixture())
    const browser = new ScriptedBrowser({ 'Accept-Language': 'es-MX, es;q=0.9' })
    const res = await browser.request(authorizeUrl(fixture, { redirect_uri: 'https://evil.example/cb' }))
    expect(res.status).toBe(400)
    const page = await res.text()
    expect(page).toContain('<html lang="es">')
    expect(page).toContain('<h1>Error al iniciar sesión</h1>')
    expect(page).toContain('<p role="status">El sitio que te ha enviado aquí ha hecho una solicitud que no se puede aceptar.')
    expect(page).toMatch(
      /Para el desarrollador del sitio: <span lang="en" dir="ltr">The address the application asked to return to is not registered[^<]*evil\.example\/cb/,
    )
  })

  it('tells a visitor whose form was damaged what to do, wholly in Italian', async () => {
    const fixture = (idp = await identityFixture())
    const browser = new ScriptedBrowser({ 'Accept-Language': 'it' })
    const login = await (await browser.request(authorizeUrl(fixture))).text()
    const res = await browser.submit(`${fixture.issuer}/oidc/authorize/login`, login, { interaction: 'tampered' })
    expect(res.status).toBe(400)
    const page = await res.text()
    expect(page).toContain('<p role="status">La richiesta di accesso è danneggiata. Torna all’applicazione e ricomincia.</p>')
    expect(page).not.toContain('lang="en"')
  })

  it('tells an English visitor what to do too, the technical reason under it', async () => {
    const fixture = (idp = await identityFixture())
    const page = await (await new ScriptedBrowser().request(authorizeUrl(fixture, { client_id: 'cli_nobody' }))).text()
    expect(page).toContain('<p role="status">The site that sent you here made a request that cannot be accepted.')
    expect(page).toContain(
      'For the site’s developer: <span lang="en" dir="ltr">The application asking you to sign in is not registered with svc.</span>',
    )
  })
})

describe('the pages of a branded deployment in every language', () => {
  /** The words a person reads: title and text, no markup, styles, scripts or attribute values. */
  const visibleText = (html: string) =>
    html
      .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')

  it.each(LOCALES)('%s names the product and never says svc', async (locale) => {
    const fixture = (idp = await identityFixture({ branding: brandingFrom(readSettings({}, { SVC_BRAND_NAME: 'Acme ID' })) }))
    const browser = new ScriptedBrowser({ 'Accept-Language': locale })
    const login = await (await browser.request(authorizeUrl(fixture, { scope: 'openid profile email svc.access' }))).text()
    const consent = await (await browser.submit(`${fixture.issuer}/oidc/authorize/login`, login, USER)).text()
    const pages = [login, consent]
    for (const path of [
      '/login',
      '/signup',
      '/forgot-password',
      '/fedcm/error?code=access_denied',
      '/fedcm/error?code=unauthorized_client',
    ])
      pages.push(await (await browser.request(`${fixture.issuer}${path}`)).text())
    for (const page of pages) {
      expect(page).toContain(`<html lang="${locale}">`)
      expect(page).toMatch(/<title>[^<]* · Acme ID<\/title>/)
      expect(visibleText(page)).not.toMatch(/\bsvc\b/i)
    }
    // The product is named in the words too, not only in the title: signing in to it, and the account a client asks for.
    expect(pages[2]).toMatch(/<h1>[^<]*Acme ID[^<]*<\/h1>/)
    expect(visibleText(consent).match(/Acme ID/g)!.length).toBeGreaterThanOrEqual(3)
  })
})
