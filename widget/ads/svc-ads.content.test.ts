/// <reference types="mocha" />
import { expect, oneEvent } from '@open-wc/testing'
import type { SvcAds } from './svc-ads.js'
import { contrast, frames, hitAt, inside, previewed, shadow, slidesOf, testAd } from './test-ads.js'

const LAYOUTS = ['slider', 'hero', 'stories']
const WIDTHS = [375, 768, 1280]
const LONG_TITLE = 'An unusually long headline that a marketer wrote without looking at the slot, '.repeat(3).slice(0, 200)
const LIST = '<ul><li>First point</li><li>Second point with <a href="https://shop.example/terms">terms</a></li><li>Third</li></ul>'

/** The open dialog, once Details has loaded and rendered it. */
async function opened(element: SvcAds): Promise<HTMLDialogElement> {
  for (let i = 0; i < 100; i++) {
    const dialog = shadow(element).querySelector('dialog')
    if (dialog?.open) return (await frames(), dialog)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('no dialog opened')
}

/** A CSS colour as the `rgb(…)` computed styles write. */
function toRgb(colour: string): string {
  const probe = document.createElement('i')
  probe.style.color = colour
  document.body.append(probe)
  const rgb = getComputedStyle(probe).color
  probe.remove()
  return rgb
}

afterEach(() => {
  document.body.replaceChildren()
})

describe('<svc-ads> with real-world content', () => {
  it('sets an image-less ad as a text card on the accent colour, the size of an ad with an image, in every layout and width', async () => {
    for (const layout of LAYOUTS) {
      for (const width of WIDTHS) {
        const where = `${layout} at ${width}px`
        const element = await previewed([testAd(1, { image: '' }), testAd(2)], { layout, sponsored: '' }, width)
        const [card, pictured] = slidesOf(element) as [HTMLElement, HTMLElement]
        const block = card.querySelector('.text')!
        const accent = getComputedStyle(element).getPropertyValue('--svc-ads-accent').trim()
        expect(getComputedStyle(block).backgroundColor, where).to.equal(toRgb(accent))
        expect(card.getBoundingClientRect().height, `${where}: as tall as an ad with an image`).to.be.closeTo(
          pictured.getBoundingClientRect().height,
          1,
        )
        const title = card.querySelector<HTMLElement>('[part=title]')!
        expect(inside(title, card), `${where}: the title is inside its card`).to.equal(true)
        expect(parseFloat(getComputedStyle(title).fontSize), `${where}: the title is set large`).to.be.greaterThan(
          parseFloat(getComputedStyle(pictured.querySelector('[part=title]')!).fontSize),
        )
        for (const part of ['title', 'label', 'sponsored', 'description']) {
          const text = card.querySelector(`[part=${part}]`)!
          expect(contrast(getComputedStyle(text).color, getComputedStyle(block).backgroundColor), `${where}: ${part}`).to.be.greaterThan(
            4.5,
          )
        }
        element.remove()
      }
    }
    // A partner's accent (and its contrast colour) make the card.
    const element = await previewed([testAd(1, { image: '' })])
    element.style.setProperty('--svc-ads-accent', 'rgb(90, 20, 60)')
    expect(getComputedStyle(shadow(element).querySelector('.text')!).backgroundColor).to.equal('rgb(90, 20, 60)')
  })

  for (const layout of LAYOUTS) {
    it(`keeps the title, the call to action and the rest of the text reachable in the ${layout} layout at every width`, async () => {
      const ads = [
        testAd(1, { title: LONG_TITLE, description: `<p>${'Words to read. '.repeat(30)}</p>${LIST}` }),
        testAd(2, { images: Array.from({ length: 10 }, (_, i) => `/widget/ads/test-image.svg?g${i}`) }),
      ]
      let opens = 0
      for (const width of WIDTHS) {
        const element = await previewed(ads, { layout, sponsored: '' }, width)
        const height = element.getBoundingClientRect().height
        for (const slide of slidesOf(element).slice(0, layout === 'stories' ? 1 : 2)) {
          slide.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
          const where = `${layout} at ${width}px`
          const body = slide.querySelector<HTMLElement>('.body')!
          const cta = slide.querySelector('a.cta')!
          const title = slide.querySelector('.title')!.getBoundingClientRect()
          expect(title.top, `${where}: the title starts in view`).to.be.within(
            body.getBoundingClientRect().top - 1,
            body.getBoundingClientRect().bottom - 16,
          )
          expect(inside(cta, slide), `${where}: the call to action is in view`).to.equal(true)
          expect(inside(slide.querySelector('[part=sponsored]')!, slide), where).to.equal(true)
          if (body.scrollHeight <= body.clientHeight + 1) continue
          // Text that does not fit: Details opens the whole ad in a dialog; the slot keeps its size.
          const details = slide.querySelector<HTMLButtonElement>('[part=more]')!
          expect(inside(details, slide), `${where}: Details is in view`).to.equal(true)
          details.click()
          const dialog = await opened(element)
          opens++
          const text = dialog.querySelector('[part=description]')!
          expect(text.textContent, `${where}: the whole description`).to.contain('Third')
          dialog.scrollTop = dialog.scrollHeight
          expect(text.getBoundingClientRect().bottom, `${where}: the end of the text is reachable`).to.be.lessThanOrEqual(
            dialog.getBoundingClientRect().bottom + 1,
          )
          expect(element.getBoundingClientRect().height, `${where}: opening changes no size`).to.equal(height)
          dialog.close()
          await element.updateComplete
        }
        element.remove()
      }
      expect(opens, 'some text did not fit').to.be.greaterThan(0)
    })
  }

  it('clamps a long title inside its slide and shows it whole in the dialog', async () => {
    for (const layout of LAYOUTS) {
      const element = await previewed([testAd(1, { title: LONG_TITLE, label: '', description: '' })], { layout }, 375)
      const slide = slidesOf(element)[0]!
      const body = slide.querySelector<HTMLElement>('.body')!
      const title = slide.querySelector<HTMLElement>('.title')!
      expect(inside(title, body), `${layout}: the clamped title fits its text box`).to.equal(true)
      expect(title.scrollHeight, `${layout}: the title is clamped`).to.be.greaterThan(title.clientHeight + 1)
      slide.querySelector<HTMLButtonElement>('[part=more]')!.click()
      const whole = (await opened(element)).querySelector<HTMLElement>('[part=title]')!
      expect(whole.textContent, layout).to.equal(LONG_TITLE)
      expect(whole.scrollHeight, `${layout}: the whole title shows`).to.be.at.most(whole.clientHeight + 1)
      element.remove()
    }
  })

  it('hides a broken hero image, leaving the themed background behind its white text', async () => {
    const element = await previewed([testAd(1, { image: '/widget/ads/no-such-image.png' })], { layout: 'hero' }, 600)
    const image = shadow(element).querySelector('img.image')!
    // `complete` turns true when the request fails, a task before the error event the slide handles: wait for the handling.
    if (!image.classList.contains('failed')) await oneEvent(image, 'error')
    expect(getComputedStyle(image).visibility).to.equal('hidden')
    const slide = slidesOf(element)[0]!
    const background = getComputedStyle(slide).backgroundColor
    for (const part of ['title', 'label']) {
      const text = shadow(element).querySelector(`[part=${part}]`)!
      expect(contrast(getComputedStyle(text).color, background), part).to.be.greaterThan(4.5)
    }
  })

  it('shifts nothing with Details beside a long call to action in a story', async () => {
    const shifts: number[] = []
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push(entry.value)
    })
    observer.observe({ type: 'layout-shift' })
    const link = 'Get your personalised quote in two minutes, no phone call needed'
    await previewed([testAd(1, { title: LONG_TITLE, link }), testAd(2, { link })], { layout: 'stories' }, 375)
    await new Promise((resolve) => setTimeout(resolve, 300))
    observer.disconnect()
    expect(shifts).to.deep.equal([])
  })

  it('shifts nothing when long titles are clamped', async () => {
    const shifts: number[] = []
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push(entry.value)
    })
    observer.observe({ type: 'layout-shift' })
    await previewed([testAd(1, { title: LONG_TITLE }), testAd(2, { title: LONG_TITLE, url: '' })], {}, 375)
    await new Promise((resolve) => setTimeout(resolve, 300))
    observer.disconnect()
    expect(shifts).to.deep.equal([])
  })

  it('lets the text of an ad take its own direction', async () => {
    const element = await previewed([testAd(1, { title: 'مرحبا بالعالم 🎉', label: 'שלום' })])
    expect(getComputedStyle(shadow(element).querySelector('.title')!).direction).to.equal('rtl')
    expect(getComputedStyle(shadow(element).querySelector('.label')!).direction).to.equal('rtl')
    expect(getComputedStyle(shadow(element).querySelector('.description')!).direction).to.equal('ltr')
  })

  it('shows the start of a text box again once focus leaves a link it scrolled to', async () => {
    const ad = testAd(1, { title: LONG_TITLE, description: `<p>${'Words to read. '.repeat(30)}</p>${LIST}` })
    const element = await previewed([ad], { layout: 'slider' }, 375)
    const root = shadow(element)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const link = root.querySelector<HTMLAnchorElement>('.description a')!
    link.focus()
    const body = root.querySelector<HTMLElement>('.body')!
    expect(body.scrollTop, 'the browser scrolled the box to the focused link').to.be.greaterThan(0)
    root.querySelector<HTMLButtonElement>('[part=more]')!.focus()
    expect(body.scrollTop, 'the box shows its title again').to.equal(0)
  })

  it('makes the whole slide one link, with "Learn more" when the ad has no button text', async () => {
    for (const layout of LAYOUTS) {
      const element = await previewed(
        [testAd(1, { link: '', description: `<p>See <a href="https://shop.example/faq">the FAQ</a></p>` })],
        { layout },
        600,
      )
      const slide = slidesOf(element)[0]!
      const cta = slide.querySelector<HTMLAnchorElement>('a.cta')!
      expect(cta.textContent!.trim(), layout).to.equal('Learn more')
      expect(slide.querySelectorAll('a a, a.cta a'), layout).to.have.length(0)
      // The image and the title are the link's; the description's own link stays its own.
      expect(hitAt(element, slide.querySelector('.image')!), `${layout}: image`).to.equal(cta)
      expect(hitAt(element, slide.querySelector('.title')!), `${layout}: title`).to.equal(cta)
      const faq = slide.querySelector('.description a')!
      expect(hitAt(element, faq), `${layout}: description link`).to.equal(faq)
      element.remove()
    }
  })

  it('shows an ad without a URL with no link at all', async () => {
    const element = await previewed([testAd(1, { url: '' })])
    expect(shadow(element).querySelectorAll('a')).to.have.length(0)
    expect(shadow(element).querySelector('.title')!.textContent).to.equal('Ad 1')
  })

  it('opens a _blank ad in a new tab, safely', async () => {
    const element = await previewed([testAd(1, { target: '_blank' })])
    const cta = shadow(element).querySelector('a.cta')!
    expect(cta.getAttribute('target')).to.equal('_blank')
    expect(cta.getAttribute('rel')).to.equal('noopener noreferrer')
  })

  it('keeps, for an empty slot with keep-empty, the height its layout takes when filled, at every width', async () => {
    for (const layout of LAYOUTS) {
      for (const width of WIDTHS) {
        const filled = await previewed([testAd(1)], { layout }, width)
        const kept = document.createElement('svc-ads')
        kept.setAttribute('layout', layout)
        kept.setAttribute('keep-empty', '')
        kept.style.width = `${width}px`
        kept.preview = []
        const empty = oneEvent(kept, 'svc-ads-empty')
        document.body.append(kept)
        await empty
        await kept.updateComplete
        expect(kept.dataset.status).to.equal('empty')
        expect(kept.getBoundingClientRect().height, `${layout} at ${width}px`).to.be.closeTo(filled.getBoundingClientRect().height, 1)
        filled.remove()
        kept.remove()
      }
    }
  })

  it('keeps the space of an empty and of a refused slot with keep-empty', async () => {
    for (const kind of ['empty', 'forbidden']) {
      const element = document.createElement('svc-ads')
      element.setAttribute('base-url', `/mock/${kind}-keep-${Math.random()}`)
      element.setAttribute('keep-empty', '')
      element.style.width = '600px'
      const original = console.error
      console.error = () => {}
      document.body.append(element)
      await element.updateComplete
      const reserved = element.getBoundingClientRect().height
      expect(reserved).to.be.greaterThan(300)
      await oneEvent(element, kind === 'empty' ? 'svc-ads-empty' : 'svc-ads-error')
      console.error = original
      await element.updateComplete
      await frames()
      expect(element.getBoundingClientRect().height, kind).to.equal(reserved)
      expect(getComputedStyle(shadow(element).querySelector('[part=skeleton]')!).visibility).to.equal('hidden')
      element.remove()
    }
  })
})
