/**
 * @module Real-world ads in `<svc-ads>` on a partner page of another
 * origin, in Chromium: every fixture ad in every layout at 375, 768 and
 * 1280 px, held to the rules a visitor relies on (a visible title, one
 * named link reachable from anywhere on the slide, no unreadable cut-off
 * text, a hero without an image that keeps its height and contrast, an
 * image-less ad set as a text card on the accent colour, a gallery whose
 * every image its Details dialog shows large and in turn, no axe-core
 * violations, kept empty slots as tall as filled ones, no layout shift). A page
 * with a finding, or every page when `SVC_TEST_SCREENSHOTS` is set, is kept
 * as a screenshot in `test-artifacts/ads-real-world/` (git-ignored), which
 * the failure message names.
 */
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Kysely } from 'kysely'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAd } from '../server/ads/ads-repository.js'
import { createApiKey } from '../server/api-keys/api-keys.js'
import { openDatabase } from '../server/db/open-database.js'
import type { Database } from '../server/db/schema.js'
import { createOrganisation } from '../server/orgs/organisations.js'
import { type ListeningBff, listeningBff } from '../server/testing/publisher.js'
import { lendChromium } from './chromium.js'
import { type AdImageServer, adImageServer } from './fixtures/ad-images.js'
import { type InspectedPage, inspectPartnerPage, pageRulesScript } from './fixtures/inspect-partner-page.js'
import type { Finding, Rule } from './fixtures/page-rules/report.js'
import { type AdsLayout, EMPTY_SLOT, pageSlots, partnerPage, REFUSED_SLOT, slotId } from './fixtures/partner-page.js'
import { type RealWorldAd, realWorldAds, realWorldSlot } from './fixtures/real-world-ads.js'

const LAYOUTS: AdsLayout[] = ['slider', 'hero', 'stories']
const WIDTHS = [375, 768, 1280]
const root = fileURLToPath(new URL('..', import.meta.url))
const ARTIFACTS = join(root, 'test-artifacts', 'ads-real-world')

let images: AdImageServer
let db: Kysely<Database>
let bff: ListeningBff
let partner: Server
let partnerOrigin: string
let browser: Browser
let context: BrowserContext
let fixtures: RealWorldAd[]
let rules: string
let apiKey: string

beforeAll(async () => {
  if (!existsSync(join(root, 'dist/widget/svc-ads.js'))) throw new Error('dist/widget/svc-ads.js is missing: run `npm run build` first')
  mkdirSync(ARTIFACTS, { recursive: true })
  images = await adImageServer()
  fixtures = realWorldAds(images.origin)
  partner = createServer((req, res) => {
    const layout = (req.url ?? '').slice(1) as AdsLayout
    if (!LAYOUTS.includes(layout)) return res.writeHead(404).end()
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(partnerPage({ layout, bff: bff.origin, apiKey, fixtures }))
  })
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve))
  partnerOrigin = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`

  db = await openDatabase({ sqlitePath: join(mkdtempSync(join(tmpdir(), 'svc-real-world-')), 'svc.db') })
  const organisation = await createOrganisation(db, { name: 'Real World Partner' })
  // Nine pages of 27 slots each: more than the default 600 requests a minute when the file is rerun.
  apiKey = (await createApiKey(db, { organisationId: organisation.id, origins: [partnerOrigin], rateLimit: 100_000 })).apiKey
  for (const fixture of fixtures) await createAd(db, organisation.id, { ...fixture.ad, display: realWorldSlot(fixture) })
  bff = await listeningBff({ db })
  rules = await pageRulesScript()
  browser = await lendChromium()
  context = await browser.newContext()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await bff?.close()
  await db?.destroy()
  await images?.close()
  await new Promise((resolve) => partner?.close(resolve))
})

/** "ad "no-image" (no image)" or the kept slot's name, for failure messages. */
function slotName(id: string): string {
  const fixture = fixtures.find((f) => slotId(f) === id)
  if (fixture) return `ad "${fixture.id}" (${fixture.about})`
  if (id === EMPTY_SLOT) return 'the keep-empty slot with no ads'
  if (id === REFUSED_SLOT) return 'the keep-empty slot with a refused key'
  return id
}

describe.each(LAYOUTS.flatMap((layout) => WIDTHS.map((width) => [layout, width] as const)))(
  'real-world ads in the %s layout at %ipx, on a partner page of another origin',
  (layout, width) => {
    const screenshot = join(ARTIFACTS, `${layout}-${width}.jpeg`)
    let page: InspectedPage

    beforeAll(async () => {
      page = await inspectPartnerPage(context, { url: `${partnerOrigin}/${layout}`, width, slots: pageSlots(fixtures), rules, screenshot })
    }, 90_000)

    const broken = (...ruleNames: Rule[]) =>
      page.findings
        .filter((f: Finding) => ruleNames.includes(f.rule))
        .map((f) => `${layout} ${width}px, ${slotName(f.slot)}, ${f.rule}: ${f.detail}`)
    const seeScreenshot = `screenshot: ${screenshot}`
    // The findings in the message itself: a diff of a long array is cut to its length.
    const expectNone = (findings: string[]) => expect(findings, [seeScreenshot, ...findings].join('\n')).toEqual([])

    it('shows every ad with its title visible, inside its slide and unclipped', () => {
      expectNone([...page.errors.map((e) => `${layout} ${width}px: the page raised ${e}`), ...broken('rendered', 'title-visible')])
    })

    it('links each ad with a URL exactly once, with a name, from the middle of its slide and image; an ad without one not at all', () => {
      expectNone(broken('link'))
    })

    it('cuts off no title, label, description or button text without a way to read the rest', () => {
      expectNone(broken('text-cut-off'))
    })

    if (layout === 'hero') {
      it('gives a hero without an image (none, or a broken one) its aspect ratio and text of at least 4.5:1 contrast', () => {
        expectNone(broken('hero-height', 'hero-contrast'))
      })
    }

    it('sets an ad without an image as a text card on the accent colour, its text at 4.5:1 or more', () => {
      expectNone(broken('text-card', ...(layout === 'hero' ? [] : (['hero-contrast'] as Rule[]))))
    })

    it('shows a gallery in the Details dialog: every image large (60 % of the page width) and reachable, with its position', () => {
      expectNone(broken('gallery'))
    })

    it('keeps, for a keep-empty slot with no ads or a refused key, the height of a filled slot (within 10 %)', () => {
      expectNone(broken('keep-empty'))
    })

    it('has no axe-core violations', () => {
      const violations = page.violations.flatMap((v) =>
        v.nodes.map((node) => {
          const slot = /#((?:ad|slot)-[\w-]+)/.exec(node.target)?.[1]
          return `${layout} ${width}px, ${slot ? slotName(slot) : 'the page'}, axe ${v.id} (${v.impact}): ${v.help} at ${node.target}: ${node.summary}`
        }),
      )
      expectNone(violations)
    })

    it('does not shift the layout (CLS 0)', () => {
      const total = page.shifts.reduce((sum, shift) => sum + shift.value, 0)
      const moved = page.shifts.map((shift) => `${shift.value.toFixed(4)} moving ${shift.sources.map(slotName).join(', ')}`)
      const resized = Object.entries(page.heights)
        .filter(([, heights]) => heights.length > 1)
        .map(([id, heights]) => `${slotName(id)} ${heights.join('→')}px`)
      expect(
        total,
        `${layout} ${width}px: layout shifts ${moved.join('; ')}; slots that changed height: ${resized.join(', ')}; ${seeScreenshot}`,
      ).toBe(0)
    })
  },
)
