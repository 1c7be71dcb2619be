/// <reference types="mocha" />
/** @module Tests of the description editor: the HTML it writes, and editing, shortcuts, links and pastes in Chromium. */
import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { isRichText, normaliseRichText } from './rich-text-html.js'
import './svc-console-rich-text.js'
import type { SvcConsoleRichText } from './svc-console-rich-text.js'

describe('the description editor’s HTML', () => {
  it('maps what browsers and web pages write onto the few elements the editor makes', () => {
    expect(normaliseRichText('<div><b>Half</b> price</div><div><br></div><div><i>now</i></div>')).to.equal(
      '<p><strong>Half</strong> price</p><p><em>now</em></p>',
    )
    expect(normaliseRichText('<span style="font-weight:700">Docs bold</span> and <span style="font-style:italic">slanted</span>')).to.equal(
      '<p><strong>Docs bold</strong> and <em>slanted</em></p>',
    )
    expect(normaliseRichText('<h2 style="color:red">Title</h2><p class="x">Text<script>alert(1)</script></p><style>p{}</style>')).to.equal(
      '<p>Title</p><p>Text</p>',
    )
    expect(normaliseRichText('<ul>\n  <li>One</li>\n  <li><p>Two</p></li><ul><li>Inner</li></ul></ul><ol><li></li></ol>')).to.equal(
      '<ul><li>One</li><li>Two</li><li><ul><li>Inner</li></ul></li></ul>',
    )
    expect(
      normaliseRichText(
        '<p><a href="javascript:alert(1)">bad</a> <a href="/relative">rel</a> <a href="mailto:a@b.example">mail</a> <a href="https://x.example/?a=1&amp;b=&quot;2&quot;" target="_blank" onclick="x()">ok</a></p>',
      ),
    ).to.equal('<p>bad rel <a href="mailto:a@b.example">mail</a> <a href="https://x.example/?a=1&amp;b=&quot;2&quot;">ok</a></p>')
    expect(normaliseRichText('<img src=x onerror="window.__pwned=1">Plain &lt;text&gt; &amp; more<br><br>')).to.equal(
      '<p>Plain &lt;text&gt; &amp; more</p>',
    )
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined)
  })

  it('leaves its own HTML, and the demo’s descriptions, exactly as they are', () => {
    for (const description of [
      '<p><strong>Half price</strong> on selected garden furniture until Sunday.</p>',
      "<p>Discover this week's <em>new</em> collection.</p>",
      '<p>No code needed. <a href="https://shop.example/shipping">Conditions apply</a>.</p>',
      '<ul><li>10% off</li><li>Early access</li><li>Free returns</li></ul>',
      '<p>One<br />two</p><ol><li><strong><em>Both</em></strong></li></ol>',
      '',
    ])
      expect(isRichText(description), description).to.equal(true)
    expect(isRichText('<table><tbody><tr><td>1</td></tr></tbody></table>')).to.equal(false)
    expect(isRichText('<p style="color:red">Red</p>')).to.equal(false)
  })
})

/** The editing area inside the editor. */
const editableOf = (editor: SvcConsoleRichText) => editor.shadowRoot!.querySelector<HTMLElement>('[role="textbox"]')!
const button = (editor: SvcConsoleRichText, name: string) =>
  [...editor.shadowRoot!.querySelectorAll('button')].find((candidate) => candidate.textContent!.trim() === name)!

/** Mounts an editor holding `value`, recording what it emits. */
async function mount(value: string) {
  const emitted: string[] = []
  const editor = await fixture<SvcConsoleRichText>(
    html`<svc-console-rich-text
      .value=${value}
      @svc-console-rich-text-change=${(event: CustomEvent<string>) => emitted.push(event.detail)}
    ></svc-console-rich-text>`,
  )
  return { editor, emitted }
}

/** Ctrl+B, as a person presses it. */
async function controlB() {
  await sendKeys({ down: 'Control' })
  await sendKeys({ press: 'b' })
  await sendKeys({ up: 'Control' })
}

describe('<svc-console-rich-text>', () => {
  it('shows a loaded description formatted and emits nothing until the author edits it', async () => {
    const { editor, emitted } = await mount('<p><strong>Half</strong> price</p>')
    expect(editableOf(editor).innerHTML).to.equal('<p><strong>Half</strong> price</p>')
    expect(editor.shadowRoot!.querySelector('[role="toolbar"]')!.getAttribute('aria-label')).to.equal('Description formatting')
    expect(emitted).to.deep.equal([])
  })

  it('types, bolds with Ctrl+B and makes a list, emitting the sanitiser’s HTML', async () => {
    const { editor, emitted } = await mount('')
    editableOf(editor).focus()
    await sendKeys({ type: 'Plain ' })
    await controlB()
    await sendKeys({ type: 'bold' })
    await controlB()
    expect(emitted.at(-1)).to.equal('<p>Plain <strong>bold</strong></p>')
    await sendKeys({ press: 'Enter' })
    await sendKeys({ type: 'First' })
    button(editor, 'Bulleted list').click()
    expect(emitted.at(-1)).to.equal('<p>Plain <strong>bold</strong></p><ul><li>First</li></ul>')
    expect(editor.value).to.equal(emitted.at(-1))
  })

  it('asks for a link’s address, refuses one that is not http(s) or mailto, and links the selected words', async () => {
    const { editor, emitted } = await mount('<p>Read the terms</p>')
    const editable = editableOf(editor)
    const text = editable.querySelector('p')!.firstChild!
    const range = document.createRange()
    range.setStart(text, 9)
    range.setEnd(text, 14)
    editable.focus()
    const selection = (editor.shadowRoot as unknown as { getSelection(): Selection }).getSelection()
    selection.removeAllRanges()
    selection.addRange(range)
    button(editor, 'Link…').click()
    await editor.updateComplete
    const address = editor.shadowRoot!.querySelector<HTMLInputElement>('#link-address')!
    address.value = 'javascript:alert(1)'
    button(editor, 'Add link').click()
    await editor.updateComplete
    expect(editor.shadowRoot!.querySelector('#link-problem')!.textContent).to.equal(
      'Link address must start with https://, http:// or mailto:',
    )
    expect(emitted).to.deep.equal([])
    address.value = 'https://shop.example/terms'
    button(editor, 'Add link').click()
    expect(emitted.at(-1)).to.equal('<p>Read the <a href="https://shop.example/terms">terms</a></p>')
  })

  it('keeps only the allowed formatting of a paste from a web page', async () => {
    const { editor, emitted } = await mount('')
    const editable = editableOf(editor)
    editable.focus()
    const data = new DataTransfer()
    data.setData(
      'text/html',
      '<meta charset="utf-8"><div style="font-family:Arial"><span style="font-weight:700;color:red">Big</span> <font size="7">sale</font><img src="x" onerror="window.__pasted=1"></div>',
    )
    data.setData('text/plain', 'Big sale')
    editable.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true, composed: true }))
    expect(emitted.at(-1)).to.equal('<p><strong>Big</strong> sale</p>')
    expect(editable.querySelector('img, font, [style]')).to.equal(null)
  })

  it('opens markup the toolbar cannot make as HTML, and edits HTML in a textarea when asked', async () => {
    const { editor, emitted } = await mount('<table><tbody><tr><td>1</td></tr></tbody></table>')
    const textarea = editor.shadowRoot!.querySelector<HTMLTextAreaElement>('textarea')!
    expect(textarea.value).to.equal('<table><tbody><tr><td>1</td></tr></tbody></table>')
    expect(button(editor, 'Edit as HTML').getAttribute('aria-pressed')).to.equal('true')
    expect(button(editor, 'Bold').disabled).to.equal(true)
    textarea.value = '<p>Raw <b>bold</b></p>'
    textarea.dispatchEvent(new Event('input'))
    expect(emitted).to.deep.equal(['<p>Raw <b>bold</b></p>'])
    button(editor, 'Edit as HTML').click()
    await editor.updateComplete
    // Shown formatted; the value changes only once the author edits there.
    expect(editableOf(editor).innerHTML).to.equal('<p>Raw <strong>bold</strong></p>')
    expect(editor.value).to.equal('<p>Raw <b>bold</b></p>')
  })
})
