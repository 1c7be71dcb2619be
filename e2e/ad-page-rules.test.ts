/**
 * @module The real-world ads test's rules, checked against hand-written
 * slots in Chromium: markup that keeps every rule passes them all, and
 * markup that breaks each rule is caught by that rule. This shows the
 * rules can be met and can fail, whatever `<svc-ads>` renders today.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lendChromium } from './chromium.js'
import { type InspectedPage, inspectPartnerPage, pageRulesScript } from './fixtures/inspect-partner-page.js'
import type { SlotExpectation } from './fixtures/page-rules/report.js'

const PAGE = 'http://partner.test/'
const ARTIFACTS = join(fileURLToPath(new URL('..', import.meta.url)), 'test-artifacts', 'ad-page-rules')

/** A slot as `<svc-ads>` would leave it, its shadow root written declaratively. */
const slot = (id: string, attributes: string, style: string, slide: string) => `<section><h2>${id}</h2>
<svc-ads id="${id}" ${attributes} style="display: block"><template shadowrootmode="open"><style>${style}</style>${slide}</template></svc-ads></section>`

const GOOD_STYLE = `
  .slide { position: relative; aspect-ratio: 2 / 1; padding: 1rem; display: flex; flex-direction: column; justify-content: end; background: #1f2328; color: #fff; }
  h3, p { margin: 0; }
  .description { position: relative; z-index: 1; max-height: 3rem; overflow: auto; }
  .cta { color: #fff; }
  .cta::after { content: ''; position: absolute; inset: 0; }`

const LONG = 'Every plan includes unlimited calls and texts, 5G where available and roaming in the EU at no extra cost. '.repeat(4)

const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rules</title></head><body><main><h1>Slots</h1>
${slot(
  'good-hero',
  'layout="hero" data-status="ready"',
  GOOD_STYLE,
  `<div part="slide" class="slide"><h3 part="title">Three plans</h3><p part="label">Cancel any time</p>
   <div part="description" class="description" tabindex="0" role="region" aria-label="Description"><p>${LONG}</p></div>
   <a part="cta" class="cta" href="https://mobile.example/plans" aria-label="Three plans"></a></div>`,
)}
${slot(
  'bad-hero',
  'layout="hero" data-status="ready"',
  `.slide { position: relative; overflow: hidden; }
   .text { position: absolute; inset-inline: 0; bottom: 0; color: #fff; background: linear-gradient(#000, rgb(0 0 0 / 0.5)); }
   .description { height: 1.2em; overflow: hidden; }
   h3, p { margin: 0; }`,
  `<div part="slide" class="slide"><div class="text"><h3 part="title">Three plans</h3>
   <div part="description" class="description"><p>${LONG}</p></div>
   <a part="cta" href="https://mobile.example/plans"></a></div></div>`,
)}
${slot('bad-no-url', 'data-status="ready"', '', `<div part="slide"><h3 part="title">Harbour market</h3><a href="https://elsewhere.example/">More</a></div>`)}
${slot('kept', 'data-status="empty" keep-empty', ':host { min-height: 10rem }', '')}
${slot('collapsed', 'data-status="empty" keep-empty', '', '')}
</main></body></html>`

const slots: SlotExpectation[] = [
  { kind: 'ad', id: 'good-hero', url: 'https://mobile.example/plans', target: '_self', hasImage: false },
  { kind: 'ad', id: 'bad-hero', url: 'https://mobile.example/plans', target: '_blank', hasImage: false },
  { kind: 'ad', id: 'bad-no-url', url: '', target: '_self', hasImage: false },
  { kind: 'kept-empty', id: 'kept', expectedStatus: 'empty' },
  { kind: 'kept-empty', id: 'collapsed', expectedStatus: 'empty' },
]

describe("the real-world ads test's rules, on hand-written slots in Chromium", () => {
  let browser: Browser
  let context: BrowserContext
  let result: InspectedPage

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true })
    browser = await lendChromium()
    context = await browser.newContext()
    await context.route(PAGE, (route) => route.fulfill({ contentType: 'text/html', body: page }))
    result = await inspectPartnerPage(context, {
      url: PAGE,
      width: 375,
      slots,
      rules: await pageRulesScript(),
      screenshot: join(ARTIFACTS, 'rules.jpeg'),
    })
  }, 60_000)

  afterAll(() => browser?.close())

  const findingsOf = (id: string) => result.findings.filter((finding) => finding.slot === id).map((f) => `${f.rule}: ${f.detail}`)

  it('passes a slot that keeps every rule: a stretched link named by aria-label, a focusable scrolling description, a dark hero', () => {
    expect(findingsOf('good-hero')).toEqual([])
    expect(findingsOf('kept')).toEqual([])
    expect(result.violations.filter((v) => v.nodes.some((node) => node.target.includes('#good-hero')))).toEqual([])
  })

  it('catches each broken rule of a bare hero with a nameless link and clipped text', () => {
    const found = findingsOf('bad-hero')
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^title-visible: the title is clipped along y by <div part="slide"/),
        'link: the link\'s target is "", the ad\'s is _blank',
        expect.stringMatching(/^link: a click in the middle of the slide .* not on the link$/),
        'link: the link to the ad has no accessible name',
        expect.stringMatching(/^text-cut-off: the description is cut off .*: its content is \d+px tall in a \d+px box/),
        expect.stringMatching(/^hero-height: the slide is 359×0 .*, less than its aspect ratio's 180px$/),
        // The gradient's lighter stop, half-black over the white page, is 127 grey: 4.0:1 against white text.
        "hero-contrast: the title's contrast is 4.00:1 (rgb(255 255 255) on rgb(127 127 127)), below 4.5:1",
      ]),
    )
  })

  it('catches a link in an ad that has no URL, and a keep-empty slot that collapsed', () => {
    expect(findingsOf('bad-no-url')).toEqual(['link: the ad has no URL, yet the slide links to https://elsewhere.example/'])
    expect(findingsOf('collapsed')).toEqual(['keep-empty: a keep-empty slot that is empty is 0px tall, not its reserved height'])
  })
})
