/// <reference types="mocha" />
import { expect, fixture, html, oneEvent } from '@open-wc/testing'
import './svc-console-image-field.js'
import type { SvcConsoleImageField } from './svc-console-image-field.js'

const mount = (value = '') =>
  fixture<SvcConsoleImageField>(
    html`<svc-console-image-field field-id="image" label="Main image" .value=${value}></svc-console-image-field>`,
  )

/** Drops `files` on the field, as a person dragging from the desktop. */
function drop(field: SvcConsoleImageField, files: File[]): void {
  const transfer = new DataTransfer()
  for (const file of files) transfer.items.add(file)
  field
    .shadowRoot!.querySelector('.drop')!
    .dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }))
}

describe('<svc-console-image-field>', () => {
  it("counts its address against the server's limit, so a pasted one cut at the limit says so", async () => {
    const field = await mount('https://shop.example/a.png')
    const input = field.shadowRoot!.querySelector<HTMLInputElement>('input[type=url]')!
    expect(input.maxLength).to.equal(2048)
    expect(input.getAttribute('aria-describedby')).to.contain(`${input.id}-count`)
    expect(field.shadowRoot!.querySelector(`#${input.id}-count`)!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('26 / 2048 characters')
  })

  it('takes a pasted URL: announces it and shows its thumbnail', async () => {
    const field = await mount()
    const input = field.shadowRoot!.querySelector<HTMLInputElement>('input[type=url]')!
    expect(field.shadowRoot!.querySelector(`label[for=${input.id}]`)!.textContent).to.equal('Main image URL')
    input.value = '/widget/ads/test-image.svg'
    setTimeout(() => input.dispatchEvent(new Event('input')))
    const changed = await oneEvent(field, 'svc-console-image-change')
    expect(changed.detail.url).to.equal('/widget/ads/test-image.svg')
    // Only absolute http(s) URLs are shown (what an ad may hold).
    expect(field.shadowRoot!.querySelector('img')).to.equal(null)
    field.value = `${location.origin}/widget/ads/test-image.svg`
    await field.updateComplete
    expect(field.shadowRoot!.querySelector('img')!.alt).to.equal('Main image preview')
  })

  it('says when a URL holds no image it can show', async () => {
    const field = await mount(`${location.origin}/no-such-image.png`)
    const img = field.shadowRoot!.querySelector('img')!
    if (!img.complete) await oneEvent(img, 'error')
    await field.updateComplete
    expect(field.shadowRoot!.textContent).to.contain('No image could be loaded from this URL.')
  })

  it('refuses a file over 5 MB before sending it, in plain words tied to the field', async () => {
    const field = await mount()
    const sent: string[] = []
    const observer = new PerformanceObserver((list) => sent.push(...list.getEntries().map((entry) => entry.name)))
    observer.observe({ type: 'resource' })
    drop(field, [new File([new Uint8Array(6 * 1024 * 1024)], 'poster.png', { type: 'image/png' })])
    await field.updateComplete
    const alert = field.shadowRoot!.querySelector('[role=alert]')!
    expect(alert.textContent).to.contain('poster.png is 6.0 MB; an image may be at most 5 MB.')
    const input = field.shadowRoot!.querySelector('input[type=url]')!
    expect(input.getAttribute('aria-describedby')).to.contain(alert.id)
    observer.disconnect()
    expect(sent.filter((url) => url.includes('/console/api/images'))).to.deep.equal([])
  })

  it('asks for a file when something else is dropped', async () => {
    const field = await mount()
    drop(field, [])
    await field.updateComplete
    expect(field.shadowRoot!.querySelector('[role=alert]')!.textContent).to.contain('Drop an image file here')
  })

  it('marks its URL field invalid when told, with or without a message of its own', async () => {
    const field = await mount()
    field.invalid = true
    await field.updateComplete
    expect(field.shadowRoot!.querySelector('input[type=url]')!.getAttribute('aria-invalid')).to.equal('true')
    field.invalid = false
    field.error = 'image must be an http or https URL or empty'
    await field.updateComplete
    const input = field.shadowRoot!.querySelector('input[type=url]')!
    expect(input.getAttribute('aria-invalid')).to.equal('true')
    expect(
      field.shadowRoot!.getElementById(
        input
          .getAttribute('aria-describedby')!
          .split(' ')
          .find((id) => id.endsWith('-error'))!,
      )!.textContent,
    ).to.equal('image must be an http or https URL or empty')
  })
})
