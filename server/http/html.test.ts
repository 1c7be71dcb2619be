import { describe, expect, it } from 'vitest'
import { html, joinHtml, raw } from './html.js'

describe('html', () => {
  it('escapes text in content and attributes, and keeps markup it made', () => {
    const name = `<img src=x onerror=alert(1)>"'&`
    const link = html`<a href="${'/x?a=1&b="2"'}">${name}</a>`
    expect(String(html`<p>${link}</p>`)).toBe(
      '<p><a href="/x?a=1&amp;b=&quot;2&quot;">&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;</a></p>',
    )
  })

  it('writes numbers, nothing for false, null and undefined, and lists joined with nothing between', () => {
    expect(String(html`${1}|${false}|${null}|${undefined}|${['<a>', html`<b>`]}`)).toBe('1||||&lt;a&gt;<b>')
  })

  it('keeps what raw marks as markup, such as an inline script', () => {
    expect(String(html`<script>${raw('if (a < b) go()')}</script>`)).toBe('<script>if (a < b) go()</script>')
  })

  it('refuses a promise rather than turning the page asynchronous', () => {
    const later = Promise.resolve('x') as unknown as string
    expect(() => html`<p>${later}</p>`).toThrow(TypeError)
  })
})

describe('joinHtml', () => {
  it('joins markup with an escaped separator', () => {
    expect(String(joinHtml([html`<li>a</li>`, html`<li>b</li>`], ' & '))).toBe('<li>a</li> &amp; <li>b</li>')
    expect(String(joinHtml([]))).toBe('')
  })
})
