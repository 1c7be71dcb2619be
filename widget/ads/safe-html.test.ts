/// <reference types="mocha" />
import { expect } from '@open-wc/testing'
import { setSafeHTML } from './safe-html.js'

const HOSTILE =
  '<p>Hi <strong>there</strong><script>window.__pwned = 1</script></p><img src="x" onerror="window.__pwned = 2"><a href="javascript:window.__pwned = 3">x</a><iframe src="https://evil.example"></iframe><p style="background:url(https://evil.example/)">y</p>'

for (const native of [true]) {
  describe('setSafeHTML with the native Element.setHTML', () => {
    it('keeps formatting and removes everything that could run code', async () => {
      ;(window as { __pwned?: number }).__pwned = undefined
      const element = document.createElement('div')
      document.body.append(element)
      await setSafeHTML(element, HOSTILE, { native })
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect((window as { __pwned?: number }).__pwned).to.equal(undefined)
      expect(element.querySelector('strong')!.textContent).to.equal('there')
      expect(element.querySelector('script, iframe, [onerror], [style]')).to.equal(null)
      expect(element.querySelector('a')?.getAttribute('href') ?? '').not.to.match(/javascript:/i)
      element.remove()
    })
  })
}
