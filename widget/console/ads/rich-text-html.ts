/**
 * @module The rich-text editor's one HTML form: paragraphs, line breaks,
 * `<strong>`, `<em>`, bulleted and numbered lists and http(s)/mailto links,
 * written exactly as the server's sanitiser writes them (so what the
 * editor produces is stored unchanged). Whatever a browser's editing or a
 * paste from a web page brings (`<b>`, `<div>`, `<span style>`, Google
 * Docs' bold spans, scripts, other links) is mapped onto that or dropped.
 */

/** Link schemes the editor makes links of. */
export const RICH_TEXT_LINK_SCHEMES = ['http:', 'https:', 'mailto:'] as const

const DROPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'HEAD', 'TITLE', 'META', 'LINK', 'NOSCRIPT', 'IFRAME', 'OBJECT', 'SVG', 'MATH'])
const BLOCKS = new Set([
  'P', 'DIV', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE', 'SECTION', 'ARTICLE', 'HEADER', 'FOOTER', 'ASIDE',
  'MAIN', 'NAV', 'ADDRESS', 'FIGURE', 'FIGCAPTION', 'TABLE', 'THEAD', 'TBODY', 'TFOOT', 'TR', 'TD', 'TH', 'CAPTION', 'DL', 'DT',
  'DD', 'HR', 'BODY', 'HTML', 'LI',
]) // prettier-ignore
const LISTS = new Set(['UL', 'OL'])

/** The marks already open around a piece of text, so none is opened twice. */
interface Marks {
  strong: boolean
  em: boolean
  link: boolean
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;')

/**
 * Whether an address may be linked from a description: http, https or mailto.
 *
 * @example
 * isLinkable('https://shop.example/') // true
 * isLinkable('javascript:alert(1)') // false
 */
export function isLinkable(address: string): boolean {
  if (!URL.canParse(address)) return false
  const { protocol, hostname, pathname } = new URL(address)
  if (protocol === 'mailto:') return pathname !== ''
  return (protocol === 'http:' || protocol === 'https:') && hostname !== ''
}

function isBold(element: HTMLElement): boolean {
  const weight = element.style?.fontWeight ?? ''
  return weight === 'bold' || weight === 'bolder' || Number(weight) >= 600
}

/** Inline content: text, line breaks, strong, em and links; other elements give their text. */
function inline(node: Node, marks: Marks): string {
  if (node.nodeType === Node.TEXT_NODE) return escapeText((node.textContent ?? '').replace(/[ \t\n\r\f]+/g, ' '))
  if (!(node instanceof Element) || DROPPED.has(node.tagName)) return ''
  if (node.tagName === 'BR') return '<br />'
  const children = (inner: Marks) => [...node.childNodes].map((child) => inline(child, inner)).join('')
  const tag = node.tagName
  const strong = tag === 'B' || tag === 'STRONG' || (node instanceof HTMLElement && isBold(node))
  const em = tag === 'I' || tag === 'EM' || (node instanceof HTMLElement && node.style?.fontStyle === 'italic')
  if (strong && !marks.strong) return wrap('strong', children({ ...marks, strong: true }))
  if (em && !marks.em) return wrap('em', children({ ...marks, em: true }))
  const href = tag === 'A' ? (node.getAttribute('href') ?? '').trim() : ''
  if (href && !marks.link && isLinkable(href)) {
    const text = children({ ...marks, link: true })
    return text ? `<a href="${escapeAttribute(href)}">${text}</a>` : ''
  }
  return children(marks)
}

const wrap = (tag: string, inner: string) => (inner ? `<${tag}>${inner}</${tag}>` : '')

/** Inline content made tidy: no line break at its end, no blank, no white space at its edges. */
function tidy(inner: string): string {
  return inner
    .replace(/(<br \/>|\s)+$/, '')
    .replace(/^(<br \/>|\s)+/, '')
    .replace(/^\u00a0+$/, '')
}

const NO_MARKS: Marks = { strong: false, em: false, link: false }

/** Block content: paragraphs and lists; loose inline content becomes a paragraph. */
function blocks(parent: Node): string {
  let out = ''
  let line: Node[] = []
  const flush = () => {
    const inner = tidy(line.map((node) => inline(node, NO_MARKS)).join(''))
    if (inner) out += `<p>${inner}</p>`
    line = []
  }
  for (const child of parent.childNodes) {
    if (child instanceof Element && DROPPED.has(child.tagName)) continue
    if (child instanceof Element && LISTS.has(child.tagName)) {
      flush()
      out += list(child)
    } else if (child instanceof Element && BLOCKS.has(child.tagName)) {
      flush()
      out += blocks(child)
    } else line.push(child)
  }
  flush()
  return out
}

/** A list: its items' inline content, and lists nested in them. */
function list(element: Element): string {
  const tag = element.tagName === 'OL' ? 'ol' : 'ul'
  let items = ''
  let loose: Node[] = []
  const flushLoose = () => {
    const inner = tidy(loose.map((node) => inline(node, NO_MARKS)).join(''))
    if (inner) items += `<li>${inner}</li>`
    loose = []
  }
  for (const child of element.childNodes) {
    if (child instanceof Element && child.tagName === 'LI') {
      flushLoose()
      items += item(child)
    } else if (child instanceof Element && LISTS.has(child.tagName)) {
      // A browser indents a list item by nesting a list straight in the list.
      flushLoose()
      const nested = list(child)
      if (nested) items += `<li>${nested}</li>`
    } else loose.push(child)
  }
  flushLoose()
  return items ? `<${tag}>${items}</${tag}>` : ''
}

function item(li: Element): string {
  let inner = ''
  let line: Node[] = []
  const flush = () => {
    const text = tidy(line.map((node) => inline(node, NO_MARKS)).join(''))
    if (text) inner += (inner && !inner.endsWith('</ul>') && !inner.endsWith('</ol>') ? '<br />' : '') + text
    line = []
  }
  for (const child of li.childNodes) {
    if (child instanceof Element && LISTS.has(child.tagName)) {
      flush()
      inner += list(child)
    } else if (child instanceof Element && BLOCKS.has(child.tagName) && child.tagName !== 'LI') {
      flush()
      line = [...child.childNodes]
      flush()
    } else line.push(child)
  }
  flush()
  return inner ? `<li>${inner}</li>` : ''
}

/**
 * The editor's HTML of a node's content (the editing area itself) or of an
 * HTML string (a paste, a loaded description), parsed inertly: nothing in
 * it runs or loads.
 *
 * @example
 * normaliseRichText('<div><b>Half</b> price</div><div><br></div>') // '<p><strong>Half</strong> price</p>'
 */
export function normaliseRichText(source: string | Node): string {
  if (typeof source !== 'string') return blocks(source)
  const template = document.createElement('template')
  template.innerHTML = source
  return blocks(template.content)
}

/**
 * Whether a description is already in the editor's form, so that showing it
 * formatted and saving it back changes nothing.
 *
 * @example
 * isRichText('<p><strong>Half</strong> price</p>') // true
 * isRichText('<table><tr><td>1</td></tr></table>') // false
 */
export function isRichText(html: string): boolean {
  return normaliseRichText(html) === html
}
