/// <reference types="mocha" />
import { expect, fixture, html, oneEvent } from '@open-wc/testing'
import { emulateMedia, sendKeys } from '@web/test-runner-commands'
import type { SvcAds } from './svc-ads.js'
import './svc-ads.js'

let nonce = 0
/** A fresh scenario name, so per-scenario request counters start at zero. */
const scenario = (kind: string) => `/mock/${kind}-${++nonce}`

async function loaded(element: SvcAds, event: 'svc-ads-loaded' | 'svc-ads-empty' | 'svc-ads-error' = 'svc-ads-loaded') {
  const detail = (await oneEvent(element, event)).detail
  await element.updateComplete
  return detail
}

async function slider(attributes: string, kind = 'three'): Promise<SvcAds> {
  const element = document.createElement('svc-ads')
  element.setAttribute('base-url', scenario(kind))
  element.setAttribute('display', 'home-slider-ads')
  for (const [, name, value] of attributes.matchAll(/([\w-]+)="([^"]*)"/g)) element.setAttribute(name!, value!)
  const done = loaded(element)
  document.body.append(element)
  await done
  return element
}

const root = (element: SvcAds) => element.shadowRoot!
const slides = (element: SvcAds) => [...root(element).querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')]
const button = (element: SvcAds, label: string) => root(element).querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!
const current = (element: SvcAds) => slides(element).findIndex((slide) => !slide.inert)

afterEach(() => {
  document.body.replaceChildren()
})

describe('<svc-ads>', () => {
  it('renders the slot as a WAI-ARIA carousel of grouped slides', async () => {
    const element = await slider('limit="3"')
    const region = root(element).querySelector('section')!
    expect(region.getAttribute('aria-roledescription')).to.equal('carousel')
    expect(region.getAttribute('aria-label')).to.equal('Ads: Home Slider Ads')
    expect(slides(element).map((slide) => slide.getAttribute('aria-label'))).to.deep.equal(['1 of 3', '2 of 3', '3 of 3'])
    expect(slides(element).map((slide) => slide.inert)).to.deep.equal([false, true, true])
    expect(element.dataset.status).to.equal('ready')
    expect(root(element).querySelector('.title')!.textContent).to.equal('Ad 1')
    expect(root(element).querySelector('.description')!.innerHTML).to.equal('<p>Description <strong>1</strong></p>')
    const images = [...root(element).querySelectorAll('img.image')].map((image) => image.getAttribute('loading'))
    expect(images).to.deep.equal(['eager', 'lazy', 'lazy'])
    const blank = root(element).querySelectorAll('a.cta')[1]!
    expect(blank.getAttribute('target')).to.equal('_blank')
    expect(blank.getAttribute('rel')).to.equal('noopener noreferrer')
  })

  it('reads a single object when the limit is 1, showing no controls', async () => {
    const element = await slider('limit="1"')
    expect(slides(element)).to.have.length(1)
    expect(root(element).querySelectorAll('.controls button')).to.have.length(0)
  })

  it('reserves the final size while loading, so nothing shifts', async () => {
    for (const layout of ['slider', 'hero', 'stories']) {
      const element = document.createElement('svc-ads')
      element.setAttribute('base-url', scenario('slow'))
      element.setAttribute('layout', layout)
      element.setAttribute('limit', '3')
      element.style.width = '600px'
      document.body.append(element)
      await element.updateComplete
      const loadingHeight = element.getBoundingClientRect().height
      await oneEvent(element, 'svc-ads-loaded')
      await element.updateComplete
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(element.getBoundingClientRect().height, layout).to.equal(loadingHeight)
      element.remove()
    }
  })

  it('moves with the buttons and the keyboard, showing its position, looping with three slides', async () => {
    const element = await slider('limit="3"')
    button(element, 'Next').click()
    await element.updateComplete
    expect(current(element)).to.equal(1)
    button(element, 'Next').click()
    await element.updateComplete
    expect(current(element)).to.equal(2)
    expect(root(element).querySelector('[part=count]')!.textContent!.trim()).to.equal('3 / 3')
    button(element, 'Next').click()
    await element.updateComplete
    expect(current(element)).to.equal(0)
    const region = root(element).querySelector('section')!
    const key = async (name: string) => {
      region.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }))
      await element.updateComplete
      return current(element)
    }
    expect(await key('ArrowLeft')).to.equal(2)
    expect(await key('Home')).to.equal(0)
    expect(await key('End')).to.equal(2)
    expect(await key('ArrowRight')).to.equal(0)
  })

  it('does not loop two slides, and keeps Next and Previous focusable at the ends', async () => {
    const element = await slider('limit="2"', 'two')
    const previous = button(element, 'Previous')
    const next = button(element, 'Next')
    expect(previous.getAttribute('aria-disabled')).to.equal('true')
    next.focus()
    await sendKeys({ press: 'Enter' })
    await element.updateComplete
    expect(current(element)).to.equal(1)
    expect(next.getAttribute('aria-disabled')).to.equal('true')
    expect(next.disabled).to.equal(false)
    expect(root(element).activeElement, 'focus stays on Next').to.equal(next)
    await sendKeys({ press: 'Enter' })
    await element.updateComplete
    expect(current(element)).to.equal(1)
    expect(root(element).activeElement).to.equal(next)
  })

  it('mirrors the arrow keys and the track in right-to-left pages', async () => {
    document.documentElement.dir = 'rtl'
    try {
      const element = await slider('limit="3"')
      root(element)
        .querySelector('section')!
        .dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }))
      await element.updateComplete
      expect(current(element)).to.equal(1)
      expect(root(element).querySelector<HTMLElement>('.track')!.style.transform).to.equal('translateX(100%)')
    } finally {
      document.documentElement.dir = ''
    }
  })

  it('rotates by itself, puts the rotation control first, and stops for focus or when asked', async () => {
    const element = await slider('limit="3" autoplay="1000"')
    const focusable = root(element).querySelector('button')!
    expect(focusable.classList.contains('rotation')).to.equal(true)
    expect(focusable.textContent!.trim()).to.equal('Pause')
    expect(root(element).querySelector('.track')!.getAttribute('aria-live')).to.equal('off')
    await new Promise((resolve) => setTimeout(resolve, 1150))
    await element.updateComplete
    expect(current(element)).to.equal(1)

    focusable.focus()
    await element.updateComplete
    expect(root(element).querySelector('.track')!.getAttribute('aria-live')).to.equal('polite')
    await new Promise((resolve) => setTimeout(resolve, 1150))
    expect(current(element)).to.equal(1)

    focusable.click()
    await element.updateComplete
    expect(focusable.textContent!.trim()).to.equal('Play')
    focusable.blur()
    await new Promise((resolve) => setTimeout(resolve, 1150))
    expect(current(element)).to.equal(1)
  })

  it('pauses rotation while the pointer hovers', async () => {
    const element = await slider('limit="3" autoplay="1000"')
    element.dispatchEvent(new PointerEvent('pointerenter'))
    await element.updateComplete
    expect(root(element).querySelector('.track')!.getAttribute('aria-live')).to.equal('polite')
    await new Promise((resolve) => setTimeout(resolve, 1150))
    expect(current(element)).to.equal(0)
    element.dispatchEvent(new PointerEvent('pointerleave'))
    await new Promise((resolve) => setTimeout(resolve, 1150))
    expect(current(element)).to.equal(1)
  })

  it('does not rotate for people who prefer reduced motion', async () => {
    await emulateMedia({ reducedMotion: 'reduce' })
    try {
      const element = await slider('limit="3" autoplay="1000"')
      expect(root(element).querySelector('.track')!.getAttribute('aria-live')).to.equal('polite')
      const rotation = root(element).querySelector<HTMLButtonElement>('.rotation')!
      expect(rotation.textContent!.trim()).to.equal('Play')
      expect(getComputedStyle(root(element).querySelector('.track')!).transitionDuration).to.equal('0s')
      await new Promise((resolve) => setTimeout(resolve, 1150))
      expect(current(element)).to.equal(0)
      // Their own press starts it.
      rotation.click()
      rotation.blur()
      await element.updateComplete
      expect(rotation.textContent!.trim()).to.equal('Pause')
      await new Promise((resolve) => setTimeout(resolve, 1150))
      expect(current(element)).to.equal(1)
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference' })
    }
  })

  it('lays the text over the image in the hero layout', async () => {
    const element = await slider('limit="3" layout="hero"')
    const region = root(element).querySelector('section')!
    expect(region.classList.contains('hero')).to.equal(true)
    expect(region.getAttribute('aria-roledescription')).to.equal('carousel')
    const image = root(element).querySelector('.image')!.getBoundingClientRect()
    const text = root(element).querySelector('.text')!.getBoundingClientRect()
    expect(text.top).to.be.greaterThan(image.top)
    expect(text.bottom).to.be.closeTo(image.bottom, 1)
  })

  it('collapses an empty slot unless keep-empty (see svc-ads.content.test.ts for the kept space)', async () => {
    const element = document.createElement('svc-ads')
    element.setAttribute('base-url', scenario('empty'))
    const empty = loaded(element, 'svc-ads-empty')
    document.body.append(element)
    await empty
    expect(element.dataset.status).to.equal('empty')
    expect(getComputedStyle(element).display).to.equal('none')
    element.keepEmpty = true
    await element.updateComplete
    expect(getComputedStyle(element).display).to.equal('block')
  })

  it('retries after Retry-After on 429 and with backoff on 5xx', async () => {
    for (const kind of ['limited', 'failing']) {
      const started = performance.now()
      const element = await slider('limit="3"', kind)
      expect(slides(element)).to.have.length(3)
      expect(performance.now() - started).to.be.greaterThan(900)
    }
  })

  it('logs one clear message and reports the refusal on 403', async () => {
    const errors: string[] = []
    const original = console.error
    console.error = (message: string) => errors.push(message)
    try {
      const element = document.createElement('svc-ads')
      element.setAttribute('base-url', scenario('forbidden'))
      element.setAttribute('display', 'home')
      const failed = loaded(element, 'svc-ads-error')
      document.body.append(element)
      expect(await failed).to.deep.equal({ status: 403, message: 'origin http://localhost is not allowed for this API key' })
      expect(errors).to.deep.equal([
        '<svc-ads display="home">: the ads API refused the request (403): origin http://localhost is not allowed for this API key',
      ])
      expect(element.dataset.status).to.equal('error')
      expect(getComputedStyle(element).display).to.equal('none')
    } finally {
      console.error = original
    }
  })

  it('sanitises a hostile description again in the browser', async () => {
    ;(window as { __pwned?: number }).__pwned = undefined
    const element = await slider('limit="1"', 'hostile')
    await new Promise((resolve) => setTimeout(resolve, 200))
    const description = root(element).querySelector('.description')!
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined)
    expect(description.querySelector('script, iframe')).to.equal(null)
    expect(description.querySelector('[onerror]')).to.equal(null)
    expect(description.querySelector('a')?.getAttribute('href') ?? '').not.to.match(/javascript:/i)
    expect(root(element).querySelector('a.cta')).to.equal(null)
  })

  it('asks the API with the attributes and refetches when they change', async () => {
    const element = await slider('limit="1" random="0" api-key="svc_pk_test"', 'echo')
    expect(root(element).querySelector('.title')!.textContent).to.equal('slug home-slider-ads limit 1 random 0 auth Bearer svc_pk_test')
    const again = loaded(element)
    element.setAttribute('display', 'donation-stories')
    await again
    expect(root(element).querySelector('.title')!.textContent).to.equal('slug donation-stories limit 1 random 0 auth Bearer svc_pk_test')
  })

  it('aborts its request when removed', async () => {
    const element = document.createElement('svc-ads')
    element.setAttribute('base-url', scenario('slow'))
    let settled = false
    for (const type of ['svc-ads-loaded', 'svc-ads-error', 'svc-ads-empty']) element.addEventListener(type, () => (settled = true))
    document.body.append(element)
    await element.updateComplete
    expect(element.dataset.status).to.equal('loading')
    element.remove()
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect(settled).to.equal(false)
  })

  it('shows stories as a list and fires svc-ads-click with the ad and the slot', async () => {
    const element = await slider('limit="3" layout="stories"')
    expect(root(element).querySelectorAll('ul.stories > li')).to.have.length(3)
    const link = root(element).querySelector<HTMLAnchorElement>('a.cta')!
    link.addEventListener('click', (event) => event.preventDefault())
    setTimeout(() => link.click())
    expect((await oneEvent(element, 'svc-ads-click')).detail).to.deep.equal({ ad: 'ADS0000000001', slot: 'home-slider-ads' })
  })

  it('waits for the slot to near the viewport with loading="lazy"', async () => {
    const spacer = await fixture(html`<div style="height: 5000px"></div>`)
    const element = document.createElement('svc-ads')
    element.setAttribute('base-url', scenario('three'))
    element.setAttribute('loading', 'lazy')
    spacer.after(element)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(element.dataset.status).to.equal('loading')
    const arrived = loaded(element)
    element.scrollIntoView()
    await arrived
    expect(element.dataset.status).to.equal('ready')
  })

  it('shows the ads it is given as a preview, asking no API', async () => {
    const element = document.createElement('svc-ads')
    // An unreachable API: the preview must not need it.
    element.setAttribute('base-url', 'http://127.0.0.1:9/')
    const shown = loaded(element)
    element.preview = [
      {
        code: 'ADS0000000000',
        title: 'Draft gala',
        label: 'Soon',
        url: '',
        link: 'Go',
        target: '_self',
        size: null,
        display: 'Home',
        tags: null,
        description: '<p>Hi</p>',
        image: '',
        images: [],
      },
    ]
    document.body.append(element)
    await shown
    expect(root(element).querySelector('.title')!.textContent).to.equal('Draft gala')
    element.preview = []
    await loaded(element, 'svc-ads-empty')
    element.remove()
  })
})
