import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningBff, startBff } from './bff-process.js'
import { lendChromium } from './chromium.js'
import { signInToConsole } from './console-sign-in.js'

const fixtures = fileURLToPath(new URL('../server/images/fixtures/', import.meta.url))

describe('the console in Chromium: images uploaded in the ad editor', () => {
  let bff: RunningBff
  let browser: Browser
  let partner: Server
  let partnerOrigin: string
  const folder = mkdtempSync(join(tmpdir(), 'svc-images-'))
  /**
   * The marketer's page the first test signs in on, which the second takes
   * on instead of opening a context and signing in again (a context costs
   * Chromium a renderer or two); run alone, it makes its own.
   */
  let marketer: Page | undefined

  beforeAll(async () => {
    bff = await startBff(['--demo', '--db', join(folder, 'svc.db')])
    // A partner page on another origin that isolates itself (COEP require-corp): it shows a
    // cross-origin image only when the image's answer allows it (Cross-Origin-Resource-Policy).
    partner = createServer((_req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/html', 'Cross-Origin-Embedder-Policy': 'require-corp' }).end(
        `<!doctype html><html><head><script src="${bff.started.url}/widget/svc-ads.iife.js"></script></head>
          <body><svc-ads display="uploaded-art" limit="1" random="0" api-key="${bff.started.demo_api_key}"></svc-ads></body></html>`,
      ),
    )
    await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve))
    partnerOrigin = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`
    browser = await lendChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
    await new Promise((resolve) => partner?.close(resolve))
  })

  it(
    'lets a marketer upload the main image with the file picker and a gallery image by dropping it, and a partner page on another origin shows the ad with it',
    { timeout: 90_000 },
    async () => {
      const page = await (await browser.newContext()).newPage()
      marketer = page
      await signInToConsole(page, bff.started.url, 'marketer@demo.example')
      await page.getByRole('link', { name: 'Marketing › Ads' }).click()
      await page.getByRole('link', { name: 'New Ad' }).click()
      await page.getByLabel('Title').fill('Uploaded Art')
      await page.getByLabel('Slot', { exact: true }).selectOption('New slot…')
      await page.getByLabel('New slot name').fill('Uploaded Art')

      // A text file with an image's name is refused in plain words, beside the field.
      const fake = join(folder, 'holiday.png')
      writeFileSync(fake, 'this is a text file, not a picture')
      const refusedChooser = page.waitForEvent('filechooser')
      await page.getByRole('button', { name: 'Upload main image' }).click()
      await (await refusedChooser).setFiles(fake)
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toContain('holiday.png was not uploaded: the file is not a PNG, JPEG, GIF, WebP or AVIF image')
      expect(await page.getByLabel('Main image URL').inputValue()).toBe('')

      // The real picture, through the file picker: its URL takes the field, and a thumbnail shows it.
      const chooser = page.waitForEvent('filechooser')
      await page.getByRole('button', { name: 'Upload main image' }).click()
      await (await chooser).setFiles(join(fixtures, 'two-colours.png'))
      await expect.poll(() => page.getByLabel('Main image URL').inputValue()).toMatch(/\/images\/[0-9a-f]{64}\.png$/)
      const mainUrl = await page.getByLabel('Main image URL').inputValue()
      expect(mainUrl.startsWith(`${bff.started.url}/images/`)).toBe(true)
      expect(await page.getByRole('alert').count()).toBe(0)
      const thumbnail = page.getByRole('img', { name: 'Main image preview' })
      await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48)

      // A gallery image dropped on its field, as from the desktop.
      const webp = [...readFileSync(join(fixtures, 'two-colours.webp'))]
      const files = await page.evaluateHandle((bytes) => {
        const transfer = new DataTransfer()
        transfer.items.add(new File([new Uint8Array(bytes)], 'banner.webp', { type: 'image/webp' }))
        return transfer
      }, webp)
      const gallery = page.locator('svc-console-image-field').nth(1)
      await gallery.locator('.drop').dispatchEvent('dragover', { dataTransfer: files })
      await gallery.locator('.drop').dispatchEvent('drop', { dataTransfer: files })
      await expect.poll(() => page.getByLabel('More image 1 URL').inputValue()).toMatch(/\/images\/[0-9a-f]{64}\.webp$/)
      const galleryUrl = await page.getByLabel('More image 1 URL').inputValue()

      await page.getByRole('button', { name: 'Save and publish' }).click()
      await expect.poll(() => page.getByText('Saved "Uploaded Art", published.').isVisible()).toBe(true)

      // The partner page, on another origin, shows the ad with the uploaded image loaded.
      const partnerPage = await browser.newPage()
      await partnerPage.goto(partnerOrigin)
      await partnerPage.waitForFunction(() => document.querySelector('svc-ads')?.getAttribute('data-status') === 'ready', undefined, {
        polling: 100,
      })
      const shown = partnerPage.locator('svc-ads img.image')
      expect(await shown.getAttribute('src')).toBe(mainUrl)
      await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48)
      // The gallery image is in the ad's Details dialog, after the main image.
      await partnerPage.getByRole('button', { name: 'Details' }).click()
      expect(await partnerPage.locator('svc-ads [part=gallery] img').nth(1).getAttribute('src')).toBe(galleryUrl)
    },
  )

  it(
    "lists the organisation's images with their size, the quota and the ads that show them, and deletes one no ad shows",
    { timeout: 90_000 },
    async () => {
      let page = marketer
      if (page) await page.goto(`${bff.started.url}/console`)
      else {
        page = await (await browser.newContext()).newPage()
        await signInToConsole(page, bff.started.url, 'marketer@demo.example')
      }
      // Two images uploaded as the ad editor does, and an ad that shows one of them.
      const urls = await page.evaluate(
        async (files: number[][]) => {
          const { csrf } = (await (await fetch('/console/api/me')).json()) as { csrf: string }
          const uploaded: string[] = []
          for (const bytes of files) {
            const res = await fetch('/console/api/images', {
              method: 'POST',
              headers: { 'X-CSRF-Token': csrf },
              body: new Uint8Array(bytes),
            })
            uploaded.push(((await res.json()) as { url: string }).url)
          }
          await fetch('/console/api/ads', {
            method: 'POST',
            headers: { 'X-CSRF-Token': csrf, 'Content-Type': 'application/json' },
            body: JSON.stringify({ title: 'Gallery Ad', display: 'Gallery', images: [uploaded[0]] }),
          })
          return uploaded
        },
        [[...readFileSync(join(fixtures, 'two-colours.jpg'))], [...readFileSync(join(fixtures, 'one-pixel.gif'))]],
      )
      const [shown, unused] = urls as [string, string]

      await page.getByRole('link', { name: 'Marketing › Images' }).click()
      await page.waitForURL(`${bff.started.url}/console/images`)
      const usage = page.getByRole('meter', { name: /images use .* of the 200\.0 MB quota/ })
      await expect.poll(() => usage.count()).toBe(1)
      const rowOf = (url: string) => page.locator('tbody tr').filter({ has: page.locator(`img[src="${url}"]`) })
      await expect.poll(() => rowOf(shown).count()).toBe(1)
      expect(await rowOf(shown).getByRole('cell').nth(1).textContent()).toBe('811 bytes')
      expect(await rowOf(shown).getByRole('link', { name: 'Gallery Ad' }).count()).toBe(1)
      expect(
        await rowOf(shown)
          .getByRole('button', { name: /^Delete/ })
          .count(),
      ).toBe(0)
      expect(await rowOf(unused).getByRole('cell').nth(3).textContent()).toContain('No ad')
      // The thumbnail is the image itself, loaded from svc.
      await expect
        .poll(() =>
          rowOf(shown)
            .getByRole('img')
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        )
        .toBe(48)

      page.once('dialog', (dialog) => void dialog.accept())
      await rowOf(unused)
        .getByRole('button', { name: /^Delete image/ })
        .click()
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Image deleted; 42 bytes freed.')
      await expect.poll(() => rowOf(unused).count()).toBe(0)
      expect(await rowOf(shown).count()).toBe(1)
      expect((await fetch(unused)).status).toBe(404)
      expect((await fetch(shown)).status).toBe(200)
    },
  )
})
