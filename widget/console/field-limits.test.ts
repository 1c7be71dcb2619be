/// <reference types="mocha" />
/**
 * The console's limited text fields beyond the ad form, one form a
 * section: each takes no more than the server's rule (`maxlength` from
 * shared/field-limits.ts) and counts what it holds as it is typed, and a
 * load → edit → save round trip sends what was typed. The console API is
 * answered in the page (a stubbed `fetch`), as the server would.
 */
import { expect, fixture, html } from '@open-wc/testing'
import type { LitElement } from 'lit'
import {
  API_KEY_ORIGINS_MAX,
  API_KEY_RATE_LIMIT,
  CLIENT_NAME_MAX,
  CLIENT_URI_MAX,
  ORGANISATION_NAME_MAX,
  PERSON_NAME_MAX,
  PROFILE_LIMITS,
} from '../../shared/field-limits.js'
import { TOKEN_NAME_MAX } from '../../shared/management-tokens-wire.js'
import { EMAIL_MAX_LENGTH } from '../../shared/email-address.js'
import type { ConsoleAccount, ConsoleMe, ConsoleOrganisation } from '../../shared/console-wire.js'
import { ACCOUNT_WORDS } from '../../server/i18n/account-words.js'
import './organisations/svc-console-organisations.js'
import './clients/svc-console-client-list.js'
import './keys/svc-console-keys.js'
import './ads/svc-console-ads.js'
import './reports/svc-console-reports.js'
import './tokens/svc-console-tokens.js'
import './people/svc-console-people.js'
import './account/svc-console-account-settings.js'

/** What the stubbed console API was sent. */
interface Sent {
  method: string
  path: string
  body: unknown
}

const realFetch = window.fetch
let sent: Sent[] = []

/** Answers `/console/api/...` calls with `answer(method, path, body)` (JSON, 200) until the test ends. */
function consoleApiAnswers(answer: (method: string, path: string, body: unknown) => unknown): void {
  sent = []
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^\/console\/api/, '')
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    sent.push({ method, path, body })
    return new Response(JSON.stringify(answer(method, path, body) ?? {}), { headers: { 'Content-Type': 'application/json' } })
  }
}
afterEach(() => (window.fetch = realFetch))

const settle = async (element: LitElement) => {
  for (let i = 0; i < 5; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10))
    await element.updateComplete
  }
}

/** Types `text` into the field as a person does: its value changes, then it fires `input`. */
async function type(element: LitElement, id: string, text: string): Promise<HTMLInputElement> {
  // An input or a textarea: both have the value and maxLength the tests read.
  const input = element.shadowRoot!.querySelector<HTMLInputElement>(`#${id}`)!
  input.value = text
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }))
  await settle(element)
  return input
}

const counter = (element: LitElement, id: string) =>
  element.shadowRoot!.querySelector(`#${id}-count`)?.textContent?.replace(/\s+/g, ' ').trim() ?? 'no counter'

const submit = async (element: LitElement, form: string) => {
  element.shadowRoot!.querySelector<HTMLFormElement>(`form[aria-label="${form}"]`)!.requestSubmit()
  await settle(element)
}

const ME: ConsoleMe = {
  sub: 'USR1',
  name: 'Olive Operator',
  email: 'olive@example.com',
  roles: { ads: true, apiKeys: true, developer: true, operator: true },
  csrf: 'csrf',
  organisations: [{ code: 'ORG1', name: 'Shop' }],
  product: 'svc',
  locale: 'en',
  header: { account: 'Account', signOut: 'Sign out', sections: 'Sections' },
}

describe('limited fields of the console forms', () => {
  it('Organisations: the name counts as it is edited, and saving sends what was typed', async () => {
    let organisation: ConsoleOrganisation = {
      code: 'ORG1',
      name: 'Shop',
      origins: [],
      keys: 1,
      ads: 2,
      created_at: '2026-01-01T00:00:00Z',
      archived_at: null,
    }
    consoleApiAnswers((method, path, body) => {
      if (method === 'PUT') organisation = { ...organisation, name: (body as { name: string }).name }
      return path === '/organisations' && method === 'GET' ? { organisations: [organisation], may_create: true } : { organisation }
    })
    const element = await fixture<LitElement>(html`<svc-console-organisations .me=${ME}></svc-console-organisations>`)
    await settle(element)
    const fresh = element.shadowRoot!.querySelector<HTMLInputElement>('#new-name')!
    expect(fresh.maxLength).to.equal(ORGANISATION_NAME_MAX)
    expect(counter(element, 'new-name')).to.equal(`0 / ${ORGANISATION_NAME_MAX} characters`)

    element.shadowRoot!.querySelector<HTMLButtonElement>('button[aria-label="Edit Shop"]')!.click()
    await settle(element)
    expect(counter(element, 'edit-name')).to.equal(`4 / ${ORGANISATION_NAME_MAX} characters`)
    expect((await type(element, 'edit-name', 'Shop of Tea and Books')).maxLength).to.equal(ORGANISATION_NAME_MAX)
    expect(counter(element, 'edit-name')).to.equal(`21 / ${ORGANISATION_NAME_MAX} characters`)
    await submit(element, 'Edit Shop')
    expect(sent.find((call) => call.method === 'PUT')).to.deep.equal({
      method: 'PUT',
      path: '/organisations/ORG1',
      body: { name: 'Shop of Tea and Books', origins: '' },
    })
    expect(element.shadowRoot!.textContent).to.contain('Saved Shop of Tea and Books.')

    // A new one: typed, created, and the emptied form counts nothing again.
    await type(element, 'new-name', 'Bakery')
    expect(counter(element, 'new-name')).to.equal(`6 / ${ORGANISATION_NAME_MAX} characters`)
    await submit(element, 'New organisation')
    expect(sent.find((call) => call.method === 'POST')?.body).to.deep.equal({ name: 'Bakery', origins: '' })
    expect(counter(element, 'new-name')).to.equal(`0 / ${ORGANISATION_NAME_MAX} characters`)
  })

  it('Developers: a new client counts its name; its addresses stop at their limit', async () => {
    consoleApiAnswers(() => ({ clients: [] }))
    const element = await fixture<LitElement>(html`<svc-console-client-list></svc-console-client-list>`)
    await settle(element)
    expect((await type(element, 'name', 'Tea Shop')).maxLength).to.equal(CLIENT_NAME_MAX)
    expect(counter(element, 'name')).to.equal(`8 / ${CLIENT_NAME_MAX} characters`)
    // An address is pasted more than typed: one cut at the limit shows it in its counter.
    for (const id of ['privacy_policy_url', 'terms_of_service_url', 'logo_uri', 'webhook_url']) {
      expect(element.shadowRoot!.querySelector<HTMLInputElement>(`#${id}`)!.maxLength, id).to.equal(CLIENT_URI_MAX)
      expect(counter(element, id), id).to.equal(`0 / ${CLIENT_URI_MAX} characters`)
    }
    await type(element, 'logo_uri', `https://shop.example/${'a'.repeat(CLIENT_URI_MAX)}`.slice(0, CLIENT_URI_MAX))
    expect(counter(element, 'logo_uri')).to.equal(`${CLIENT_URI_MAX} / ${CLIENT_URI_MAX} characters`)
  })

  it('Developers: a list of addresses says which line is too long as it is typed, and is not sent until it fits', async () => {
    consoleApiAnswers((method) => (method === 'GET' ? { clients: [] } : { client: { client_id: 'cli_1' } }))
    const element = await fixture<LitElement>(html`<svc-console-client-list></svc-console-client-list>`)
    await settle(element)
    const error = (id: string) => element.shadowRoot!.querySelector(`#${id}-error`)?.textContent?.trim() ?? 'no error'
    for (const id of ['redirect_uris', 'post_logout_redirect_uris']) {
      const list = element.shadowRoot!.querySelector(`#${id}`)!
      expect(list.localName, id).to.equal('textarea')
      expect(element.shadowRoot!.querySelector(`#${id}-hint`)!.textContent, id).to.contain('2,048 characters')
    }
    await type(element, 'name', 'Tea Shop')
    const long = `https://shop.example/${'a'.repeat(CLIENT_URI_MAX)}`
    const list = await type(element, 'redirect_uris', `https://shop.example/cb\n${long}`)
    expect(error('redirect_uris')).to.equal(
      `The address on line 2 has ${long.length.toLocaleString('en')} characters; an address may have at most 2,048.`,
    )
    expect(list.getAttribute('aria-invalid')).to.equal('true')
    // The other list, with addresses that fit, says nothing.
    await type(element, 'post_logout_redirect_uris', 'https://shop.example/bye')
    expect(error('post_logout_redirect_uris')).to.equal('no error')
    await submit(element, 'Register a client')
    expect(sent.filter((call) => call.method === 'POST')).to.deep.equal([])
    expect(element.shadowRoot!.activeElement).to.equal(list)

    await type(element, 'redirect_uris', 'https://shop.example/cb\nhttps://shop.example/other')
    expect(error('redirect_uris')).to.equal('no error')
    await submit(element, 'Register a client')
    expect(sent.find((call) => call.method === 'POST')?.body).to.include({
      redirect_uris: 'https://shop.example/cb\nhttps://shop.example/other',
      post_logout_redirect_uris: 'https://shop.example/bye',
    })
  })

  it('API keys: followed from "Create its first API key" before the console knows the new organisation, the page lists it once it does', async () => {
    consoleApiAnswers((method) => (method === 'GET' ? { keys: [], default_origins: ['https://shop.example'] } : {}))
    history.replaceState(null, '', `${location.pathname}?organisation=ORG1`)
    try {
      // Who is signed in, as read before the organisation was created: none yet.
      const element = await fixture<LitElement & { me: ConsoleMe }>(html`<svc-console-keys .me=${{ ...ME, organisations: [] }}></svc-console-keys>`)
      await settle(element)
      expect(sent).to.deep.equal([])
      element.me = { ...ME }
      await settle(element)
      expect(sent.map((call) => call.path)).to.deep.equal(['/keys?organisation=ORG1'])
      expect(element.shadowRoot!.querySelector<HTMLInputElement>('#origins')!.value).to.equal('https://shop.example')
      // Read again with nothing new: no second request.
      element.me = { ...ME }
      await settle(element)
      expect(sent).to.have.length(1)
    } finally {
      history.replaceState(null, '', location.pathname)
    }
  })

  it('Ads and Reports: opened before the console knows the first organisation, each loads it once it does', async () => {
    const totals = { impressions: 0, viewable: 0, clicks: 0, viewable_rate: null, ctr: null }
    const series = { days: ['2026-01-01'], impressions: [0], viewable: [0], clicks: [0], viewable_rate: [null], ctr: [null] }
    const report = { organisation: 'ORG1', tz: 'UTC', by: 'day', from: '2026-01-01', to: '2026-01-01', rows: [], totals, series }
    consoleApiAnswers((_method, path) => (path.startsWith('/ads') ? { ads: [] } : report))
    history.replaceState(null, '', `${location.pathname}?organisation=ORG1`)
    try {
      for (const page of ['ads', 'reports']) {
        sent = []
        // Who is signed in, as read before the organisation was created: none yet.
        const none = { ...ME, organisations: [] }
        const element = await fixture<LitElement & { me: ConsoleMe }>(
          page === 'ads' ? html`<svc-console-ads .me=${none}></svc-console-ads>` : html`<svc-console-reports .me=${none}></svc-console-reports>`,
        )
        await settle(element)
        expect(sent, page).to.deep.equal([])
        element.me = { ...ME }
        await settle(element)
        expect(
          sent.map((call) => call.path.replace(/\?.*/, '')),
          page,
        ).to.deep.equal([page === 'ads' ? '/ads' : '/reports'])
        if (page === 'reports') expect(sent[0]!.path).to.contain('organisation=ORG1')
        // Read again with nothing new: no second request.
        element.me = { ...ME }
        await settle(element)
        expect(sent, page).to.have.length(1)
      }
    } finally {
      history.replaceState(null, '', location.pathname)
    }
  })

  it("API keys: origins stop at the server's limit and count; the rate limit is a number in the server's range, its default said", async () => {
    consoleApiAnswers((method) =>
      method === 'GET' ? { keys: [], default_origins: ['https://shop.example'] } : { id: 1, api_key: 'svc_pk_new' },
    )
    const element = await fixture<LitElement>(
      html`<svc-console-keys .me=${{ ...ME, roles: { ...ME.roles, operator: false } }}></svc-console-keys>`,
    )
    await settle(element)
    const origins = element.shadowRoot!.querySelector<HTMLInputElement>('#origins')!
    expect(origins.maxLength).to.equal(API_KEY_ORIGINS_MAX)
    expect(counter(element, 'origins')).to.equal(`20 / ${API_KEY_ORIGINS_MAX} characters`)
    await type(element, 'origins', 'https://shop.example https://www.shop.example')
    expect(counter(element, 'origins')).to.equal(`45 / ${API_KEY_ORIGINS_MAX} characters`)

    const rate = element.shadowRoot!.querySelector<HTMLInputElement>('#rate_limit')!
    expect([rate.type, rate.min, rate.max, rate.step]).to.deep.equal([
      'number',
      String(API_KEY_RATE_LIMIT.min),
      String(API_KEY_RATE_LIMIT.max),
      '1',
    ])
    expect(element.shadowRoot!.querySelector('#rate_limit-hint')!.textContent).to.equal(
      'Empty: 600 a minute, the default. A whole number from 1 to 100,000,000.',
    )
    // A number field takes no letters: what the walk typed (2,100 letters) leaves it empty, which means the default.
    await type(element, 'rate_limit', 'x'.repeat(2100))
    expect(rate.value).to.equal('')
    for (const refused of ['0', '100000001', '2.5']) {
      await type(element, 'rate_limit', refused)
      await submit(element, 'New API key')
      expect(element.shadowRoot!.querySelector('#rate_limit-error')?.textContent?.trim(), refused).to.equal(
        'Requests a minute must be a whole number from 1 to 100,000,000.',
      )
    }
    expect(sent.filter((call) => call.method === 'POST')).to.deep.equal([])
    await type(element, 'rate_limit', '90')
    await submit(element, 'New API key')
    expect(sent.find((call) => call.method === 'POST')?.body).to.deep.equal({
      organisation: 'ORG1',
      origins: 'https://shop.example https://www.shop.example',
      rate_limit: '90',
    })
    expect(element.shadowRoot!.querySelector('#rate_limit-error')).to.equal(null)
  })

  it('API tokens: a new token counts its name', async () => {
    consoleApiAnswers(() => ({ tokens: [], resources: ['ads'], read_only: [] }))
    const element = await fixture<LitElement>(html`<svc-console-tokens .me=${ME}></svc-console-tokens>`)
    await settle(element)
    expect(counter(element, 'name')).to.equal(`0 / ${TOKEN_NAME_MAX} characters`)
    expect((await type(element, 'name', 'CMS import')).maxLength).to.equal(TOKEN_NAME_MAX)
    expect(counter(element, 'name')).to.equal(`10 / ${TOKEN_NAME_MAX} characters`)
  })

  it("People: an invitation counts the invitee's name", async () => {
    consoleApiAnswers(() => ({ people: [], total: 0, next: null }))
    const element = await fixture<LitElement>(html`<svc-console-people .me=${ME}></svc-console-people>`)
    await settle(element)
    const name = element.shadowRoot!.querySelector<HTMLInputElement>('form #name')
    expect(name, 'the invitation form').to.not.equal(null)
    expect((await type(element, 'name', 'Ada Lovelace')).maxLength).to.equal(PERSON_NAME_MAX)
    expect(counter(element, 'name')).to.equal(`12 / ${PERSON_NAME_MAX} characters`)
    expect(element.shadowRoot!.querySelector<HTMLInputElement>('form #email')!.maxLength, 'the e-mail address').to.equal(EMAIL_MAX_LENGTH)
  })

  it("Account: the profile's fields count in the page's language, and saving sends what was typed", async () => {
    consoleApiAnswers(() => ({ message: ACCOUNT_WORDS.de.profileSaved }))
    const profile: ConsoleAccount['profile'] = {
      sub: 'USR1',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
      picture: null,
      pending_email: null,
      has_password: true,
    }
    const element = await fixture<LitElement>(
      html`<svc-console-account-settings .profile=${profile} .words=${ACCOUNT_WORDS.de}></svc-console-account-settings>`,
    )
    expect(counter(element, 'profile-name')).to.equal(`12 / ${PROFILE_LIMITS.name} Zeichen`)
    expect((await type(element, 'profile-family-name', 'King')).maxLength).to.equal(PROFILE_LIMITS.family_name)
    expect(counter(element, 'profile-family-name')).to.equal(`4 / ${PROFILE_LIMITS.family_name} Zeichen`)
    expect(element.shadowRoot!.querySelector<HTMLInputElement>('#profile-picture')!.maxLength).to.equal(PROFILE_LIMITS.picture)
    await submit(element, ACCOUNT_WORDS.de.nameAndPicture)
    expect(sent).to.deep.equal([
      { method: 'PUT', path: '/account/profile', body: { name: 'Ada Lovelace', given_name: 'Ada', family_name: 'King', picture: '' } },
    ])
    expect(element.shadowRoot!.textContent).to.contain(ACCOUNT_WORDS.de.profileSaved)
  })
})
