/// <reference types="mocha" />
import { expect, oneEvent } from '@open-wc/testing'
import { contrast, frames, hitAt, inside, previewed, shadow, slidesOf, testAd } from './test-ads.js'

const LAYOUTS = ['slider', 'hero', 'stories']
const WIDTHS = [375, 768, 1280]
const LONG_TITLE = 'An unusually long headline that a marketer wrote without looking at the slot, '.repeat(3).slice(0, 200)
const LIST = '<ul><li>First point</li><li>Second point with <a href="https://shop.example/terms">terms</a></li><li>Third</li></ul>'

afterEach(() => {
  document.body.replaceChildren()
})

describe('<svc-ads> with real-world content', () => {
  it('gives an image-less hero the image space, on a themed background dark enough for its white text', async () => {
    const element = await previewed([testAd(1, { image: '' })], { layout: 'hero' }, 600)
    const slide = slidesOf(element)[0]!
    expect(slide.getBoundingClientRect().height).to.be.closeTo(300, 1)
    const block = shadow(element).querySelector('.image')!
    const background = getComputedStyle(block).backgroundColor
    const title = shadow(element).querySelector('.title')!
    expect(inside(title, slide)).to.equal(true)
    expect(contrast(getComputedStyle(title).color, background)).to.be.greaterThan(4.5)
    element.style.setProperty('--svc-ads-fallback', 'rgb(90, 20, 60)')
    expect(getComputedStyle(block).backgroundColor).to.equal('rgb(90, 20, 60)')
  })

  for (const layout of LAYOUTS) {
    it(`keeps the title, the call to action and the rest of the text reachable in the ${layout} layout at every width`, async () => {
      const ads = [
        testAd(1, { title: LONG_TITLE, description: `<p>${'Words to read. '.repeat(30)}</p>${LIST}` }),
        testAd(2, { images: Array.from({ length: 10 }, (_, i) => `/widget/ads/test-image.svg?g${i}`) }),
      ]
      let opened = 0
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
          // Text that does not fit: a More button opens the box in place, scrollable and focusable.
          const more = slide.querySelector<HTMLButtonElement>('.more')!
          expect(inside(more, slide), `${where}: More is in view`).to.equal(true)
          more.click()
          opened++
          await element.updateComplete
          const box = slide.querySelector<HTMLElement>('.body')!
          expect(getComputedStyle(box).overflowY, where).to.equal('auto')
          expect(box.tabIndex, where).to.equal(0)
          expect(more.getAttribute('aria-expanded')).to.equal('true')
          box.scrollTop = box.scrollHeight
          const last = [...box.children].at(-1)!
          expect(last.getBoundingClientRect().bottom, `${where}: the end of the text is reachable`).to.be.lessThanOrEqual(
            box.getBoundingClientRect().bottom + 1,
          )
          expect(element.getBoundingClientRect().height, `${where}: opening changes no size`).to.equal(height)
          more.click()
          await element.updateComplete
        }
        element.remove()
      }
      expect(opened, 'some text did not fit').to.be.greaterThan(0)
    })
  }

  it('clamps a long title inside its slide, offers More for it and then shows it whole', async () => {
    for (const layout of LAYOUTS) {
      const element = await previewed([testAd(1, { title: LONG_TITLE, label: '', description: '' })], { layout }, 375)
      const slide = slidesOf(element)[0]!
      const body = slide.querySelector<HTMLElement>('.body')!
      const title = slide.querySelector<HTMLElement>('.title')!
      expect(inside(title, body), `${layout}: the clamped title fits its text box`).to.equal(true)
      expect(title.scrollHeight, `${layout}: the title is clamped`).to.be.greaterThan(title.clientHeight + 1)
      const more = slide.querySelector<HTMLButtonElement>('.more')!
      expect(getComputedStyle(more).display, `${layout}: More is offered`).not.to.equal('none')
      more.click()
      await element.updateComplete
      await frames()
      expect(title.scrollHeight, `${layout}: the whole title shows`).to.be.at.most(title.clientHeight + 1)
      expect(getComputedStyle(more).display, `${layout}: Less stays`).not.to.equal('none')
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

  it('shifts nothing when a More button appears beside a long call to action in a story', async () => {
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

  it('shifts nothing when a More button appears', async () => {
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

  it('opens a closed text box when focus reaches a link in it, and shows its start again once closed', async () => {
    const ad = testAd(1, { title: LONG_TITLE, description: `<p>${'Words to read. '.repeat(30)}</p>${LIST}` })
    const element = await previewed([ad], { layout: 'slider' }, 375)
    const root = shadow(element)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const link = root.querySelector<HTMLAnchorElement>('.description a')!
    link.focus()
    await element.updateComplete
    const body = root.querySelector<HTMLElement>('.body')!
    expect(body.classList.contains('open'), 'focus opened the box').to.equal(true)
    expect(root.activeElement).to.equal(link)
    await new Promise((resolve) => requestAnimationFrame(resolve))
    expect(inside(link, body), 'the focused link is in view in the open box').to.equal(true)
    root.querySelector<HTMLButtonElement>('.more')!.click()
    await element.updateComplete
    expect(body.classList.contains('open')).to.equal(false)
    expect(body.scrollTop, 'the closed box shows its title again').to.equal(0)
  })

  it('shows no More button when the text fits', async () => {
    const element = await previewed([testAd(1)], {}, 1280)
    expect(getComputedStyle(shadow(element).querySelector('.more')!).display).to.equal('none')
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
