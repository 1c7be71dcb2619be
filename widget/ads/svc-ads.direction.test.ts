/// <reference types="mocha" />
import { expect, oneEvent } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import type { Ad } from '../../shared/ads-wire.js'
import type { SvcAds } from './svc-ads.js'
import { currentSlide, frames, previewed, shadow, testAd } from './test-ads.js'

/** An ad whose every word is Arabic, as a partner on an English page may still run. */
const arabic = (n: number) =>
  testAd(n, { title: 'عرض خاص: خصم ٥٠٪ على جميع المنتجات', label: 'لفترة محدودة', description: '<p>تسوق الآن.</p>', link: 'تسوق الآن' })

afterEach(() => {
  document.body.replaceChildren()
  document.documentElement.lang = 'en'
  document.documentElement.dir = ''
})

/** Previous and Next as drawn: their boxes, transform and the direction their glyph is laid out in. */
function steps(element: SvcAds) {
  const [previous, next] = [...shadow(element).querySelectorAll<HTMLElement>('.controls .step')] as [HTMLElement, HTMLElement]
  const drawn = (button: HTMLElement) => ({
    left: button.getBoundingClientRect().left,
    glyph: button.textContent!.trim(),
    direction: getComputedStyle(button).direction,
    transform: getComputedStyle(button).transform,
  })
  return { previous: drawn(previous), next: drawn(next) }
}

/** Where each character of the count is drawn, left to right: "4 / 6" must not read "6 / 4". */
function countAsDrawn(element: SvcAds): string {
  // Lit's markers sit beside the numbers: the count's text nodes, each a number or the slash.
  const texts = [...shadow(element).querySelector('[part=count]')!.childNodes].filter((node): node is Text => node instanceof Text)
  const range = document.createRange()
  const characters = texts.flatMap((text) =>
    [...text.data].map((character, i) => {
      range.setStart(text, i)
      range.setEnd(text, i + 1)
      return { character, left: range.getBoundingClientRect().left }
    }),
  )
  return characters
    .filter(({ character }) => character.trim())
    .sort((a, b) => a.left - b.left)
    .map(({ character }) => character)
    .join('')
}

const count = (element: SvcAds) => shadow(element).querySelector('[part=count]')!.textContent!.trim()

describe('<svc-ads> direction: the page’s, never an ad’s', () => {
  for (const lang of ['ar', 'he']) {
    it(`on a right-to-left ${lang} page puts Previous on the right pointing right, Next on the left pointing left`, async () => {
      document.documentElement.lang = lang
      document.documentElement.dir = 'rtl'
      const element = await previewed([testAd(1), testAd(2), testAd(3)])
      const { previous, next } = steps(element)
      expect(previous.left, 'Previous on the right').to.be.greaterThan(next.left)
      // ‹ and › are mirrored characters: laid out right to left, with no flip on top, ‹ is drawn as › (it points right).
      expect([previous.glyph, previous.direction, previous.transform]).to.deep.equal(['‹', 'rtl', 'none'])
      expect([next.glyph, next.direction, next.transform]).to.deep.equal(['›', 'rtl', 'none'])
      // Keys go the same way as the arrows point: ArrowLeft is forward, as is Next, on the left.
      shadow(element).querySelector<HTMLElement>('.slide')!.focus()
      await sendKeys({ press: 'ArrowLeft' })
      await element.updateComplete
      expect(currentSlide(element)).to.equal(1)
      expect(shadow(element).querySelector<HTMLElement>('.track')!.style.transform).to.equal('translateX(100%)')
      await sendKeys({ press: 'ArrowRight' })
      await element.updateComplete
      expect(currentSlide(element)).to.equal(0)
    })
  }

  for (const layout of ['slider', 'hero']) {
    it(`keeps the controls of an English page where they are while Arabic ads show (${layout})`, async () => {
      const element = await previewed([arabic(1), arabic(2), testAd(3)], { layout }, 375)
      const before = steps(element)
      expect(before.previous.left, 'Previous on the left').to.be.lessThan(before.next.left)
      expect([before.previous.direction, before.previous.transform]).to.deep.equal(['ltr', 'none'])
      // The ad's own words read right to left inside its card.
      expect(getComputedStyle(shadow(element).querySelector('.title')!).direction).to.equal('rtl')
      shadow(element).querySelector<HTMLElement>('.step:last-of-type')!.click()
      await element.updateComplete
      await frames()
      expect(currentSlide(element)).to.equal(1)
      expect(steps(element), 'nothing moved or flipped').to.deep.equal(before)
      expect(countAsDrawn(element)).to.equal('2/3')
      shadow(element).querySelectorAll<HTMLElement>('.slide')[1]!.focus()
      await sendKeys({ press: 'ArrowRight' })
      await element.updateComplete
      expect(currentSlide(element), 'ArrowRight goes forward on an English page').to.equal(2)
    })
  }

  it('reads the count left to right on a right-to-left page ("4 / 6", never "6 / 4")', async () => {
    document.documentElement.lang = 'ar'
    document.documentElement.dir = 'rtl'
    const element = await previewed([1, 2, 3, 4, 5, 6].map((n) => testAd(n)))
    for (let i = 0; i < 3; i++) {
      shadow(element).querySelector<HTMLElement>('.step:last-of-type')!.click()
      await element.updateComplete
    }
    expect(count(element)).to.equal('4 / 6')
    expect(countAsDrawn(element)).to.equal('4/6')
  })

  it('never counts past the total when a refresh brings fewer ads (6, then 4)', async () => {
    const original = window.fetch
    let served = 6
    window.fetch = async () =>
      Response.json({ status: 'success', code: 200, data: Array.from({ length: served }, (_, i) => testAd(i + 1)), count: served })
    try {
      const element = document.createElement('svc-ads')
      element.setAttribute('base-url', 'https://svc.example')
      const first = oneEvent(element, 'svc-ads-loaded')
      document.body.append(element)
      await first
      await element.updateComplete
      shadow(element).querySelector<HTMLElement>('.slide')!.focus()
      await sendKeys({ press: 'End' })
      await element.updateComplete
      expect(count(element)).to.equal('6 / 6')
      served = 4
      const second = oneEvent(element, 'svc-ads-loaded')
      element.setAttribute('tags', 'summer')
      await second
      await element.updateComplete
      expect(count(element)).to.equal('1 / 4')
      expect(currentSlide(element)).to.equal(0)
    } finally {
      window.fetch = original
    }
  })

  it('never counts past the total when an editor’s preview shrinks from 6 ads to 4', async () => {
    const six: Ad[] = [1, 2, 3, 4, 5, 6].map((n) => testAd(n))
    const element = await previewed(six)
    shadow(element).querySelector<HTMLElement>('.step')!.click()
    await element.updateComplete
    expect(count(element)).to.equal('6 / 6')
    element.preview = six.slice(0, 4)
    await element.updateComplete
    expect(count(element)).to.equal('1 / 4')
    expect(currentSlide(element)).to.equal(0)
  })
})
