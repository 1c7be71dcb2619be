/// <reference types="mocha" />
import { expect, oneEvent } from '@open-wc/testing'
import type { SvcSignin } from './svc-signin.js'
import './svc-signin.js'

afterEach(() => document.body.replaceChildren())

function button(attributes: Record<string, string> = {}): SvcSignin {
  const element = document.createElement('svc-signin')
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  document.body.append(element)
  return element
}

describe('<svc-signin>', () => {
  it('renders a labelled button whose words follow the text attribute', () => {
    const element = button({ 'client-id': 'cli_1' })
    const inner = element.shadowRoot!.querySelector('button')!
    expect(inner.textContent).to.equal('svcSign in with svc')
    expect(inner.getAttribute('type')).to.equal('button')
    element.setAttribute('text', 'continue_with')
    expect(inner.textContent).to.equal('svcContinue with svc')
  })

  it("speaks its locale attribute, else the page's language", () => {
    const french = button({ 'client-id': 'cli_1', locale: 'fr-CA' })
    expect(french.shadowRoot!.querySelector('button')!.textContent).to.equal('svcSe connecter avec svc')
    document.documentElement.lang = 'de'
    try {
      expect(button({ 'client-id': 'cli_1', text: 'signup_with' }).shadowRoot!.querySelector('button')!.textContent).to.equal(
        'svcMit svc registrieren',
      )
    } finally {
      document.documentElement.lang = ''
    }
  })

  it('takes its width and theme from attributes', () => {
    const element = button({ 'client-id': 'cli_1', width: '260', theme: 'filled_blue' })
    expect(element.getBoundingClientRect().width).to.equal(260)
    expect(getComputedStyle(element.shadowRoot!.querySelector('button')!).backgroundColor).to.equal('rgb(9, 105, 218)')
  })

  it('reports a missing client-id instead of asking the browser', async () => {
    const element = button()
    setTimeout(() => element.shadowRoot!.querySelector('button')!.click())
    expect((await oneEvent(element, 'svc-signin-error')).detail).to.deep.equal({ reason: 'client-id is missing' })
  })
})
