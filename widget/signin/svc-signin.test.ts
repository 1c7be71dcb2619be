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

describe('<svc-signin> turning into "Continue as …"', () => {
  /** svc's frame says the browser revealed a returning account, as `/oidc/fedcm/button` does. */
  async function personalise(element: SvcSignin): Promise<HTMLIFrameElement> {
    const frame = element.shadowRoot!.querySelector('iframe')!
    if (frame.contentDocument?.readyState !== 'complete') await oneEvent(frame, 'load')
    const framed = frame.contentWindow as Window & { Function: FunctionConstructor }
    // Posted from inside the frame, so the message's source is the frame, as svc's page's would be.
    new framed.Function(`parent.postMessage({ source: 'svc-button', status: 'personalised' }, '*')`)()
    await new Promise((resolve) => setTimeout(resolve, 50))
    return frame
  }

  const hadIdentityProvider = 'IdentityProvider' in window
  before(() => {
    // The personalised button is offered only where the browser has FedCM's IdentityProvider.
    if (!hadIdentityProvider) Object.defineProperty(window, 'IdentityProvider', { value: {}, configurable: true })
  })
  after(() => {
    if (!hadIdentityProvider) delete (window as { IdentityProvider?: unknown }).IdentityProvider
  })

  it('keeps the width the partner asked for', async () => {
    const element = button({ 'client-id': 'cli_1', width: '220' })
    const before = element.getBoundingClientRect().width
    const frame = await personalise(element)
    expect(frame.hidden).to.equal(false)
    expect(element.shadowRoot!.querySelector('button')!.hidden).to.equal(true)
    expect(before).to.equal(220)
    expect(Math.abs(element.getBoundingClientRect().width - before)).to.be.at.most(1)
    expect(Math.abs(frame.getBoundingClientRect().width - before)).to.be.at.most(1)
  })

  it('keeps the plain button\'s own width when the partner set none (no jump to the frame\'s 300 px)', async () => {
    const element = button({ 'client-id': 'cli_1' })
    const before = element.getBoundingClientRect().width
    expect(before).to.be.below(260)
    const frame = await personalise(element)
    expect(frame.hidden).to.equal(false)
    expect(Math.abs(element.getBoundingClientRect().width - before)).to.be.at.most(1)
    expect(Math.abs(frame.getBoundingClientRect().width - before)).to.be.at.most(1)
    // A later attribute change (the language) keeps the box too.
    element.setAttribute('locale', 'de')
    expect(Math.abs(element.getBoundingClientRect().width - before)).to.be.at.most(1)
  })

  it('moves nothing on the partner\'s page: its box, and the paragraph after it, stay where they were', async () => {
    // As on a partner's page: the button alone on a line of the page's text, a paragraph under it.
    const line = Object.assign(document.createElement('div'), { style: 'font: 16px/1.5 serif' })
    const element = document.createElement('svc-signin')
    element.setAttribute('client-id', 'cli_1')
    const next = Object.assign(document.createElement('p'), { textContent: 'What the partner wrote next.', style: 'margin: 0' })
    line.append(element)
    document.body.append(line, next)
    const host = element.getBoundingClientRect()
    const below = next.getBoundingClientRect().top
    expect(host.height).to.equal(40)
    await personalise(element)
    const after = element.getBoundingClientRect()
    expect({ top: after.top, left: after.left, width: after.width, height: after.height }).to.deep.equal({
      top: host.top,
      left: host.left,
      width: host.width,
      height: host.height,
    })
    expect(next.getBoundingClientRect().top).to.equal(below)
  })

  it('stays hidden when the partner page styles it and hides it', () => {
    const style = Object.assign(document.createElement('style'), { textContent: 'svc-signin { display: inline-flex }' })
    document.head.append(style)
    try {
      const element = button({ 'client-id': 'cli_1' })
      element.hidden = true
      expect(getComputedStyle(element).display).to.equal('none')
    } finally {
      style.remove()
    }
  })
})
