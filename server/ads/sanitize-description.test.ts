import { describe, expect, it } from 'vitest'
import { sanitizeDescription } from './sanitize-description.js'

describe('sanitizeDescription', () => {
  it('keeps formatting, lists, links with safe schemes and images', async () => {
    const html =
      '<h2>Spring sale</h2><p><strong>Half</strong> <em>price</em></p><ul><li>one</li></ul>' +
      '<a href="https://shop.example/sale" title="Sale">shop</a> <a href="mailto:hi@shop.example">mail</a>' +
      '<img src="https://cdn.example/a.png" alt="A" />'
    expect(await sanitizeDescription(html)).toBe(html)
  })

  it.each([
    ['<p>hi<script>alert(1)</script></p>', '<p>hi</p>'],
    ['<img src="https://cdn.example/a.png" onerror="alert(1)">', '<img src="https://cdn.example/a.png" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt&colon;alert(1)">x</a>', '<a>x</a>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img />'],
    ['<a href="//evil.example/">x</a>', '<a>x</a>'],
    ['<iframe src="https://evil.example"></iframe><p>after</p>', '<p>after</p>'],
    ['<form action="https://evil.example"><input name="card"></form>', ''],
    ['<style>body{background:url(https://evil.example/)}</style><p>x</p>', '<p>x</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
  ])('removes what could run code or leak data: %s', async (input, expected) => {
    expect(await sanitizeDescription(input)).toBe(expected)
  })

  it('keeps harmless styles and drops any that can load a URL', async () => {
    expect(await sanitizeDescription('<p style="color:#c00;text-align:center">x</p>')).toBe('<p style="color:#c00;text-align:center">x</p>')
    expect(await sanitizeDescription('<p style="background-image:url(https://evil.example/?leak)">x</p>')).toBe('<p>x</p>')
    expect(await sanitizeDescription('<p style="color:url(https://evil.example/)">x</p>')).toBe('<p>x</p>')
  })

  it('makes links that open a new tab unable to reach the page that opened them', async () => {
    expect(await sanitizeDescription('<a href="https://shop.example" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://shop.example" target="_blank" rel="noopener noreferrer">x</a>',
    )
  })
})
