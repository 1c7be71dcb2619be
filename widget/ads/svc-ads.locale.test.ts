/// <reference types="mocha" />
import { expect, oneEvent } from '@open-wc/testing'
import { emulateMedia } from '@web/test-runner-commands'
import type { SvcAds } from './svc-ads.js'
import { contrast, previewed, shadow, testAd } from './test-ads.js'

const ADS = [testAd(1, { link: '' }), testAd(2), testAd(3)]

/** Every visible and accessible string the slider shows. */
function words(element: SvcAds): string[] {
  const root = shadow(element)
  const label = (selector: string) => root.querySelector(selector)!.getAttribute('aria-label')!
  return [
    label('section'),
    label('.slide'),
    label('.step'),
    label('.step:last-of-type'),
    root.querySelector('.rotation')!.textContent!.trim(),
    root.querySelector('a.cta')!.textContent!.trim(),
    root.querySelector('[part=sponsored]')!.textContent!.trim(),
    root.querySelector('[part=more]')!.textContent!.trim(),
  ]
}

afterEach(() => {
  document.body.replaceChildren()
  document.documentElement.lang = 'en'
  document.documentElement.dir = ''
})

describe('<svc-ads> in the page’s language and colours', () => {
  it('speaks English by default', async () => {
    const element = await previewed(ADS, { sponsored: '', autoplay: '5000', display: 'home' })
    expect(words(element)).to.deep.equal(['Ads: Home', '1 of 3', 'Previous', 'Next', 'Pause', 'Learn more', 'Sponsored', 'Details'])
  })

  it('speaks the locale attribute, else the nearest lang', async () => {
    const german = await previewed(ADS, { sponsored: '', autoplay: '5000', display: 'home', locale: 'de-AT' })
    expect(words(german)).to.deep.equal([
      'Anzeigen: Home',
      '1 von 3',
      'Zurück',
      'Weiter',
      'Pausieren',
      'Mehr erfahren',
      'Gesponsert',
      // Not "Mehr" beside "Mehr erfahren": the button says what it opens.
      'Details',
    ])
    const section = document.createElement('div')
    section.lang = 'fr'
    document.body.append(section)
    const french = await previewed(ADS, { sponsored: '', autoplay: '5000', display: 'home' }, 600, section)
    expect(words(french).slice(0, 3)).to.deep.equal(['Annonces: Home', '1 sur 3', 'Précédent'])
    document.documentElement.lang = 'pt-BR'
    const portuguese = await previewed(ADS, { sponsored: '' })
    expect(shadow(portuguese).querySelector('a.cta')!.textContent!.trim()).to.equal('Saiba mais')
    document.documentElement.lang = 'ja'
    const unknown = await previewed(ADS, { sponsored: '' })
    expect(shadow(unknown).querySelector('[part=sponsored]')!.textContent).to.equal('Sponsored')
  })

  for (const [locale, next] of [
    ['es', 'Siguiente'],
    ['it', 'Successivo'],
    ['nl', 'Volgende'],
    // One word for Portugal and Brazil: "Diapositivo" is only Portugal's.
    ['pt-BR', 'Próximo'],
    ['ar', 'التالي'],
    ['he', 'הבא'],
  ] as const) {
    it(`speaks ${locale}`, async () => {
      const element = await previewed(ADS, { locale })
      expect(shadow(element).querySelector('.step:last-of-type')!.getAttribute('aria-label')).to.equal(next)
    })
  }

  it('shows no Sponsored label unless asked', async () => {
    const element = await previewed(ADS)
    expect(shadow(element).querySelector('[part=sponsored]')).to.equal(null)
  })

  it('turns dark with the system, while a partner’s own colours still win', async () => {
    await emulateMedia({ colorScheme: 'dark' })
    try {
      const element = await previewed(ADS)
      const slide = shadow(element).querySelector('.slide')!
      expect(getComputedStyle(slide).backgroundColor).to.equal('rgb(21, 27, 35)')
      expect(getComputedStyle(shadow(element).querySelector('.title')!).color).to.equal('rgb(230, 237, 243)')
      const style = document.createElement('style')
      style.textContent = 'svc-ads { --svc-ads-surface: rgb(1, 2, 3) }'
      document.head.append(style)
      expect(getComputedStyle(slide).backgroundColor).to.equal('rgb(1, 2, 3)')
      style.remove()
    } finally {
      await emulateMedia({ colorScheme: 'light' })
    }
    const light = await previewed(ADS)
    expect(getComputedStyle(shadow(light).querySelector('.slide')!).backgroundColor).to.equal('rgb(255, 255, 255)')
  })

  it('keeps the count readable on the page’s own background, white or black, with the system dark', async () => {
    await emulateMedia({ colorScheme: 'dark' })
    try {
      for (const [background, text] of [
        ['rgb(255, 255, 255)', 'rgb(0, 0, 0)'],
        ['rgb(0, 0, 0)', 'rgb(255, 255, 255)'],
      ] as const) {
        document.body.style.cssText = `background: ${background}; color: ${text}`
        const element = await previewed(ADS)
        const count = shadow(element).querySelector('[part=count]')!
        // The count has no surface of its own: the page's colour is behind it.
        expect(getComputedStyle(count).backgroundColor).to.equal('rgba(0, 0, 0, 0)')
        expect(getComputedStyle(shadow(element).querySelector('[part=controls]')!).backgroundColor).to.equal('rgba(0, 0, 0, 0)')
        expect(contrast(getComputedStyle(count).color, background), `on ${background}`).to.be.at.least(4.5)
        element.remove()
      }
    } finally {
      document.body.style.cssText = ''
      await emulateMedia({ colorScheme: 'light' })
    }
  })

  for (const [lang, expected] of [
    ['ar', ['إعلانات: Home', '1 من 3', 'السابق', 'التالي', 'إيقاف مؤقت', 'مزيد من المعلومات', 'إعلان ممول', 'التفاصيل']],
    ['he', ['מודעות: Home', '1 מתוך 3', 'הקודם', 'הבא', 'השהיה', 'מידע נוסף', 'ממומן', 'פרטים']],
  ] as const) {
    it(`speaks ${lang} on a right-to-left page, its controls mirrored`, async () => {
      document.documentElement.lang = lang
      document.documentElement.dir = 'rtl'
      const element = await previewed(ADS, { sponsored: '', autoplay: '5000', display: 'home' })
      expect(words(element)).to.deep.equal(expected)
      const previous = shadow(element).querySelector('.step')!.getBoundingClientRect()
      const next = shadow(element).querySelector('.step:last-of-type')!.getBoundingClientRect()
      expect(previous.left, 'Previous is on the right').to.be.greaterThan(next.left)
    })
  }

  it('lays the controls out right to left with dir="rtl" on the element', async () => {
    const element = await previewed(ADS, { dir: 'rtl' })
    const previous = shadow(element).querySelector('.step')!.getBoundingClientRect()
    const next = shadow(element).querySelector('.step:last-of-type')!.getBoundingClientRect()
    expect(previous.left).to.be.greaterThan(next.left)
    expect(shadow(element).querySelector<HTMLElement>('.track')!.style.transform).to.equal('translateX(0%)')
  })

  it('asks only for ads with the given tags', async () => {
    const asked: string[] = []
    const original = window.fetch
    window.fetch = (input, init) => (asked.push(String(input)), original(input, init))
    try {
      const element = document.createElement('svc-ads')
      element.setAttribute('base-url', `/mock/three-tags-${Math.random()}`)
      element.setAttribute('tags', ' summer, gala & co ,,')
      const loaded = oneEvent(element, 'svc-ads-loaded')
      document.body.append(element)
      await loaded
    } finally {
      window.fetch = original
    }
    expect(new URL(asked[0]!).search).to.equal('?limit=6&random=1&tags=summer,gala%20%26%20co')
  })
})
