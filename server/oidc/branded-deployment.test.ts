import { afterEach, describe, expect, it } from 'vitest'
import { brandingFrom } from '../cli/brand-settings.js'
import { readSettings } from '../settings.js'
import { type IdentityFixture, identityFixture, ScriptedBrowser } from '../testing/identity-fixture.js'
import { consoleUser } from '../testing/console-user.js'

let idp: IdentityFixture | undefined
afterEach(() => idp?.close())

const LOGO = 'https://cdn.acme.example/logo.svg'
const ACME = { SVC_BRAND_NAME: 'Acme & Co', SVC_BRAND_COLOR: '#FC0', SVC_BRAND_LOGO_URL: LOGO }

/** What a person reads on a page: its title and text, without markup, styles, scripts or attribute values. */
const visibleText = (html: string) =>
  html
    .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')

/** Signs up through the page and returns the verification mail the outbox holds. */
async function signUpMail(fixture: IdentityFixture) {
  const browser = new ScriptedBrowser()
  const page = await (await browser.request(`${fixture.issuer}/signup`)).text()
  const sent = await browser.submit(`${fixture.issuer}/signup`, page, {
    name: 'Grace Hopper',
    email: 'grace@example.com',
    password: 'violet kettle harbour lamp',
  })
  expect(sent.status).toBe(200)
  return fixture.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', 'grace@example.com').executeTakeFirstOrThrow()
}

describe('a branded deployment', () => {
  it("names the product on the account page's sign-in and in the console's header, not svc's console", async () => {
    const fixture = (idp = await identityFixture({ branding: brandingFrom(readSettings({}, ACME)) }))
    const browser = new ScriptedBrowser()
    const toLogin = await browser.request(`${fixture.issuer}/console/account`)
    const authorize = (await browser.request(`${fixture.issuer}${toLogin.headers.get('Location')}`)).headers.get('Location')!
    const login = await (await browser.request(new URL(authorize, fixture.issuer).href)).text()
    expect(login).toContain('<h1>Sign in to continue to Acme &amp; Co</h1>')
    const person = await consoleUser(fixture, {}, '/console/account')
    expect(person.me).toMatchObject({ product: 'Acme & Co' })
    const shell = await (await person.browser.request(`${fixture.issuer}/console/account`)).text()
    expect(shell).toContain('<title>Acme &amp; Co</title>')
  })

  it('names the product, shows its logo and colours its buttons on the login page', async () => {
    const fixture = (idp = await identityFixture({ branding: brandingFrom(readSettings({}, ACME)) }))
    const page = await (await new ScriptedBrowser().request(`${fixture.issuer}/login`)).text()
    expect(page).toContain('<title>Sign in · Acme &amp; Co</title>')
    expect(page).toContain(`<main><img class="logo" src="${LOGO}" alt="Acme &amp; Co">\n<h1>Sign in to Acme &amp; Co</h1>`)
    // Yellow is too light for white words: they are near-black, and links on white stay dark.
    expect(page).toContain('button.primary { background: #ffcc00; border-color: #ffcc00; color: #1f2328 }')
    expect(page).toContain('a { color: #1f2328 }')
    expect(page).not.toContain('#0969da')
    expect(page).not.toContain('Acme & Co')
    expect(visibleText(page)).not.toMatch(/\bsvc\b/i)
  })

  it('mails in its name, with its logo and its button colour', async () => {
    const fixture = (idp = await identityFixture({ branding: brandingFrom(readSettings({}, ACME)) }))
    const mail = await signUpMail(fixture)
    expect(mail.subject).toBe('Confirm your e-mail address for Acme & Co')
    expect(mail.text).toContain('To finish creating your Acme & Co account, confirm that grace@example.com is your address.')
    expect(mail.html).toContain(`<img src="${LOGO}" alt="Acme &amp; Co"`)
    expect(mail.html).toContain('background: #ffcc00; color: #1f2328;')
    // The address is not proven yet: the mail greets no one by name.
    expect(mail.html.indexOf('<img')).toBeLessThan(mail.html.indexOf('<p>Hello,</p>'))
    expect(`${mail.subject} ${mail.text} ${visibleText(mail.html)}`).not.toMatch(/\bsvc\b/i)
  })

  it('gives the FedCM dialog its name, colours and logo as the icon', async () => {
    const fixture = (idp = await identityFixture({ branding: brandingFrom(readSettings({}, ACME)) }))
    const config = await (await fetch(`${fixture.issuer}/fedcm.json`)).json()
    expect(config.branding).toEqual({ background_color: '#ffcc00', color: '#1f2328', name: 'Acme & Co', icons: [{ url: LOGO }] })
  })

  it('draws the FedCM icon from its initials and colours when it has no logo', async () => {
    const fixture = (idp = await identityFixture({
      branding: brandingFrom(readSettings({}, { SVC_BRAND_NAME: 'Acme Cloud', SVC_BRAND_COLOR: '#8250df' })),
    }))
    const config = await (await fetch(`${fixture.issuer}/fedcm.json`)).json()
    expect(config.branding).toEqual({
      background_color: '#8250df',
      color: '#ffffff',
      name: 'Acme Cloud',
      icons: [{ url: `${fixture.issuer}/fedcm/icon.svg`, size: 64 }],
    })
    const icon = await (await fetch(`${fixture.issuer}/fedcm/icon.svg`)).text()
    expect(icon).toContain('fill="#8250df"')
    expect(icon).toMatch(/fill="#ffffff"[^>]*>AC<\/text>/)
    const page = await (await new ScriptedBrowser().request(`${fixture.issuer}/login`)).text()
    expect(page).not.toContain('class="logo"')
  })
})

describe('the default deployment', () => {
  it('still says svc in its blue on pages, in mails and to FedCM', async () => {
    const fixture = (idp = await identityFixture())
    const page = await (await new ScriptedBrowser().request(`${fixture.issuer}/login`)).text()
    expect(page).toContain('<title>Sign in · svc</title>')
    expect(page).toContain('<main><h1>Sign in to svc</h1>')
    expect(page).toContain('button.primary { background: #0969da; border-color: #0969da; color: #ffffff }')
    expect(page).not.toContain('class="logo"')

    const mail = await signUpMail(fixture)
    expect(mail.subject).toBe('Confirm your e-mail address for svc')
    expect(mail.html).toContain('background: #0969da; color: #ffffff;')
    expect(mail.html).not.toContain('<img')

    const config = await (await fetch(`${fixture.issuer}/fedcm.json`)).json()
    expect(config.branding).toMatchObject({ background_color: '#0969da', color: '#ffffff', name: 'svc' })
    expect(await (await fetch(`${fixture.issuer}/fedcm/icon.svg`)).text()).toMatch(/>S<\/text>/)
  })
})
