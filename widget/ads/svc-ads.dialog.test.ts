/// <reference types="mocha" />
import { expect } from '@open-wc/testing'
import { emulateMedia, resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands'
import type { SvcAds } from './svc-ads.js'
import { frames, inside, previewed, shadow, slidesOf, testAd } from './test-ads.js'

const GALLERY = Array.from({ length: 10 }, (_, i) => `/widget/ads/test-image.svg?gallery-${i}`)

afterEach(() => {
  document.body.replaceChildren()
  document.documentElement.dir = ''
})

/** The open dialog, once Details has loaded and rendered it. */
async function opened(element: SvcAds): Promise<HTMLDialogElement> {
  for (let i = 0; i < 100; i++) {
    const dialog = shadow(element).querySelector('dialog')
    if (dialog?.open) return (await frames(), dialog)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('no dialog opened')
}

/** The gallery image most in view in the dialog's strip. */
function inView(dialog: HTMLDialogElement): number {
  const strip = dialog.querySelector('[part=gallery]')!.getBoundingClientRect()
  const images = [...dialog.querySelectorAll('[part=gallery] img')]
  return images.findIndex((image) => Math.abs(image.getBoundingClientRect().left - strip.left) < 2)
}

/** A real mouse click at the centre of `target`, as a visitor's. */
async function clickOn(target: Element): Promise<void> {
  const box = target.getBoundingClientRect()
  await sendMouse({ type: 'click', position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)] })
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (check()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`never: ${what}`)
}

describe('<svc-ads> Details dialog', () => {
  it('opens the whole ad in a modal dialog that takes focus, closes on Escape and gives focus back', async () => {
    const element = await previewed([testAd(1), testAd(2)], {}, 375)
    const details = slidesOf(element)[0]!.querySelector<HTMLButtonElement>('[part=more]')!
    expect(details.textContent!.trim()).to.equal('Details')
    expect(details.getAttribute('aria-haspopup')).to.equal('dialog')
    details.focus()
    await sendKeys({ press: 'Enter' })
    const dialog = await opened(element)
    expect(dialog.matches(':modal'), 'modal: the page behind is inert').to.equal(true)
    expect(dialog.getAttribute('aria-label')).to.equal('Ad 1')
    expect(dialog.contains(shadow(element).activeElement), 'focus moved into the dialog').to.equal(true)
    expect(dialog.querySelector('[part=description]')!.textContent).to.equal('Description 1')
    expect(dialog.querySelector<HTMLAnchorElement>('a.cta')!.href).to.equal('https://shop.example/1')
    await sendKeys({ press: 'Escape' })
    await until(() => !shadow(element).querySelector('dialog'), 'the dialog closed')
    expect(shadow(element).activeElement, 'focus is back on Details').to.equal(details)
  })

  it('closes with its Close button, giving focus back to Details', async () => {
    const element = await previewed([testAd(1)])
    const details = shadow(element).querySelector<HTMLButtonElement>('[part=more]')!
    await clickOn(details)
    const dialog = await opened(element)
    const close = dialog.querySelector<HTMLButtonElement>('[part=close]')!
    expect(close.textContent!.trim()).to.equal('Close')
    await clickOn(close)
    await until(() => !shadow(element).querySelector('dialog'), 'the dialog closed')
    expect(shadow(element).activeElement, 'focus is back on Details').to.equal(details)
  })

  for (const layout of ['slider', 'stories']) {
    it(`closes on a click outside, giving focus back to the Details button that opened it (${layout})`, async () => {
      const element = await previewed([testAd(1), testAd(2), testAd(3)], { layout }, 600)
      // The second ad's button: in the slider once it is shown, in the stories row as it is.
      if (layout === 'slider') await clickOn(shadow(element).querySelector('.step:last-of-type')!)
      await element.updateComplete
      const details = shadow(element).querySelectorAll<HTMLButtonElement>('[part=more]')[1]!
      // The slider's track slides for 0.4 s: the button is clicked where it comes to rest.
      await new Promise((resolve) => setTimeout(resolve, 500))
      await clickOn(details)
      const dialog = await opened(element)
      expect(dialog.getAttribute('aria-label')).to.equal('Ad 2')
      // The backdrop, beside the dialog: light dismiss (closedby="any").
      await resetMouse()
      await sendMouse({ type: 'click', position: [2, Math.round(innerHeight / 2)] })
      await until(() => !shadow(element).querySelector('dialog'), 'the dialog closed')
      expect(document.activeElement, 'not left on the page').to.equal(element)
      expect(shadow(element).activeElement, 'focus is back on Details').to.equal(details)
    })
  }

  for (const [width, scheme] of [
    [1280, 'light'],
    [375, 'light'],
    [375, 'dark'],
  ] as const) {
    it(`keeps the call to action whole after a 3,000-character description at ${width} px, ${scheme}`, async () => {
      await emulateMedia({ colorScheme: scheme })
      try {
        await setViewport({ width, height: 700 })
        const short = await previewed([testAd(1)], {}, width - 40)
        shadow(short).querySelector<HTMLButtonElement>('[part=more]')!.click()
        const natural = (await opened(short)).querySelector('a.cta')!.getBoundingClientRect().height
        document.body.replaceChildren()
        const long = await previewed([testAd(1, { description: `<p>${'Lorem ipsum dolor sit amet. '.repeat(108)}</p>` })], {}, width - 40)
        shadow(long).querySelector<HTMLButtonElement>('[part=more]')!.click()
        const dialog = await opened(long)
        const cta = dialog.querySelector<HTMLElement>('a.cta')!
        expect(dialog.querySelector('[part=description]')!.textContent!.length).to.be.at.least(3000)
        expect(cta.getBoundingClientRect().height, 'the button keeps its own height').to.be.at.least(Math.max(natural, 30) - 0.5)
        const description = dialog.querySelector('[part=description]')!.getBoundingClientRect()
        expect(cta.getBoundingClientRect().top, 'the button comes after the text').to.be.at.least(description.bottom - 0.5)
        // Reachable: scrolling the dialog brings the whole button into its visible box.
        cta.focus()
        dialog.scrollTop = dialog.scrollHeight
        await frames()
        expect(inside(cta, dialog), 'the button fully inside the dialog once scrolled').to.equal(true)
      } finally {
        await emulateMedia({ colorScheme: 'light' })
        await setViewport({ width: 800, height: 600 })
      }
    })
  }

  it('shows a gallery as large images, one at a time, each reachable by the buttons and the arrow keys', async () => {
    const element = await previewed([testAd(1, { images: GALLERY })], {}, 375)
    shadow(element).querySelector<HTMLButtonElement>('[part=more]')!.click()
    const dialog = await opened(element)
    const images = [...dialog.querySelectorAll<HTMLImageElement>('[part=gallery] img')]
    // The main image and the ten of the gallery.
    expect(images).to.have.length(11)
    // The page's width: the dialog sits in the viewport, whatever the slot's width (the e2e test checks 375 to 1280 px).
    for (const image of images) expect(image.getBoundingClientRect().width, 'a large image').to.be.at.least(0.6 * innerWidth)
    const count = dialog.querySelector('[part=count]')!
    expect(count.getAttribute('aria-live')).to.equal('polite')
    expect(count.getAttribute('aria-hidden')).to.equal('false')
    expect(count.textContent!.trim()).to.equal('1 / 11')
    const next = [...dialog.querySelectorAll<HTMLButtonElement>('.step')].at(-1)!
    // Named for what they move here too: the images, not slides.
    expect(next.getAttribute('aria-label')).to.equal('Next')
    const strip = dialog.querySelector<HTMLElement>('[part=gallery]')!
    expect(strip.getAttribute('role'), 'the strip, focusable, is announced as a group').to.equal('group')
    expect(strip.getAttribute('aria-label'), 'named by the ad, as the dialog is').to.equal('Ad 1')
    for (let i = 1; i < images.length; i++) {
      next.click()
      await until(() => inView(dialog) === i && count.textContent!.trim() === `${i + 1} / 11`, `image ${i + 1} in view`)
    }
    next.click()
    await until(() => inView(dialog) === 0, 'the gallery loops to its first image')
    // The strip takes focus and its arrow keys step through the images (the browser snaps to each).
    dialog.querySelector<HTMLElement>('[part=gallery]')!.focus()
    await sendKeys({ press: 'ArrowRight' })
    await until(() => inView(dialog) === 1 && count.textContent!.trim() === '2 / 11', 'ArrowRight showed the second image')
    // Each press moves one image, even one that comes while the last move is settling.
    for (let i = 0; i < 3; i++) await sendKeys({ press: 'ArrowRight' })
    await until(() => inView(dialog) === 4 && count.textContent!.trim() === '5 / 11', 'three quick presses moved three images')
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(inView(dialog), 'and it stays there').to.equal(4)
    expect(count.textContent!.trim()).to.equal('5 / 11')
    await sendKeys({ press: 'ArrowLeft' })
    await until(() => inView(dialog) === 3 && count.textContent!.trim() === '4 / 11', 'ArrowLeft went back one')
    await sendKeys({ press: 'End' })
    await until(() => inView(dialog) === 10 && count.textContent!.trim() === '11 / 11', 'End showed the last image')
    await sendKeys({ press: 'Home' })
    await until(() => inView(dialog) === 0 && count.textContent!.trim() === '1 / 11', 'Home showed the first image')
  })

  it('steps a right-to-left gallery the mirrored way', async () => {
    document.documentElement.dir = 'rtl'
    const element = await previewed([testAd(1, { images: GALLERY.slice(0, 3) })], {}, 600)
    shadow(element).querySelector<HTMLButtonElement>('[part=more]')!.click()
    const dialog = await opened(element)
    const [previous, next] = [...dialog.querySelectorAll<HTMLButtonElement>('.step')] as [HTMLButtonElement, HTMLButtonElement]
    expect(previous.getBoundingClientRect().left, 'Previous is on the right').to.be.greaterThan(next.getBoundingClientRect().left)
    next.click()
    const count = dialog.querySelector('[part=count]')!
    await until(() => count.textContent!.trim() === '2 / 4', 'Next moved on')
    const strip = dialog.querySelector('[part=gallery]')!.getBoundingClientRect()
    const second = dialog.querySelectorAll('[part=gallery] img')[1]!.getBoundingClientRect()
    expect(Math.abs(second.right - strip.right)).to.be.lessThan(2)
    // ArrowLeft moves forward on a right-to-left page, as the swipe does.
    dialog.querySelector<HTMLElement>('[part=gallery]')!.focus()
    await sendKeys({ press: 'ArrowLeft' })
    await until(() => count.textContent!.trim() === '3 / 4', 'ArrowLeft moved on')
    await sendKeys({ press: 'ArrowRight' })
    await until(() => count.textContent!.trim() === '2 / 4', 'ArrowRight went back')
  })
})
