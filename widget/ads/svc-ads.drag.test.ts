/// <reference types="mocha" />
import { expect } from '@open-wc/testing'
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands'
import type { SvcAds } from './svc-ads.js'
import { currentSlide, frames, previewed, shadow, testAd } from './test-ads.js'

const ADS = [testAd(1), testAd(2), testAd(3)]

/** Presses the mouse at the middle of the slider, moves it `dx` px sideways in steps, and releases it. */
async function drag(element: SvcAds, dx: number, { release = true } = {}): Promise<void> {
  const box = shadow(element).querySelector('.viewport')!.getBoundingClientRect()
  const x = Math.round(box.left + box.width / 2)
  const y = Math.round(box.top + box.height / 3)
  await sendMouse({ type: 'move', position: [x, y] })
  await sendMouse({ type: 'down' })
  for (let step = 1; step <= 5; step++) await sendMouse({ type: 'move', position: [x + Math.round((dx * step) / 5), y] })
  if (release) await sendMouse({ type: 'up' })
  await element.updateComplete
}

/** Lets the slide transition (0.4 s) finish. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 500))
const trackX = (element: SvcAds) => new DOMMatrix(getComputedStyle(shadow(element).querySelector('.track')!).transform).m41

afterEach(async () => {
  await resetMouse()
  document.body.replaceChildren()
  document.documentElement.dir = ''
})

describe('<svc-ads> keeps keyboard focus', () => {
  it('moves focus to the new slide when the arrow keys change slides from inside one', async () => {
    const element = await previewed(ADS, {}, 600)
    shadow(element).querySelector<HTMLElement>('.slide a.cta')!.focus()
    await sendKeys({ press: 'ArrowRight' })
    await element.updateComplete
    expect(currentSlide(element)).to.equal(1)
    expect(shadow(element).activeElement).to.equal(shadow(element).querySelectorAll('.slide')[1])
  })
})

describe('<svc-ads> dragged with a mouse', () => {
  it('moves the track with the pointer, then snaps to the next slide past a quarter of the width', async () => {
    const element = await previewed(ADS, {}, 600)
    await drag(element, -100, { release: false })
    await frames()
    expect(trackX(element), 'the track follows the pointer').to.be.closeTo(-100, 25)
    await sendMouse({ type: 'up' })
    await element.updateComplete
    expect(currentSlide(element)).to.equal(0)
    await drag(element, -240)
    expect(currentSlide(element)).to.equal(1)
    await drag(element, 240)
    expect(currentSlide(element)).to.equal(0)
  })

  it('snaps back after a short drag', async () => {
    const element = await previewed(ADS, {}, 600)
    await drag(element, -60)
    expect(currentSlide(element)).to.equal(0)
    await settled()
    expect(trackX(element)).to.be.closeTo(0, 1)
  })

  it('never follows the link at the end of a drag, and keeps images from being dragged away', async () => {
    const element = await previewed(ADS, {}, 600)
    // Clicks that reach a link; a preview announces none, so the links count them.
    let clicks = 0
    for (const link of shadow(element).querySelectorAll('a')) link.addEventListener('click', (event) => (event.preventDefault(), clicks++))
    for (const image of shadow(element).querySelectorAll('img')) expect(image.draggable).to.equal(false)
    await drag(element, -240)
    expect(currentSlide(element)).to.equal(1)
    expect(clicks).to.equal(0)
    // A plain click still follows it.
    await settled()
    const box = shadow(element).querySelectorAll('.image')[1]!.getBoundingClientRect()
    await sendMouse({ type: 'click', position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)] })
    expect(clicks).to.equal(1)
  })

  it('drags the other way in right-to-left pages', async () => {
    document.documentElement.dir = 'rtl'
    const element = await previewed(ADS, {}, 600)
    await drag(element, 240)
    expect(currentSlide(element)).to.equal(1)
    await drag(element, -240)
    expect(currentSlide(element)).to.equal(0)
  })
})
