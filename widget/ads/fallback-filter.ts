/**
 * @module The js-xss filter `<svc-ads>` sanitises descriptions with in
 * browsers without `Element.setHTML`, set up from the description policy
 * the server shares. The ES module loads this file (and js-xss) only in
 * such browsers.
 */
import { FilterXSS, escapeAttrValue } from 'xss'
import { DESCRIPTION_ATTRIBUTES, DESCRIPTION_TAGS, IMAGE_SCHEMES, LINK_SCHEMES } from '../../shared/description-policy.js'

const ALLOWED: Record<string, string[]> = Object.fromEntries(DESCRIPTION_TAGS.map((tag) => [tag, [...(DESCRIPTION_ATTRIBUTES[tag] ?? [])]]))
const LINK_URL = new RegExp(
  `^(${LINK_SCHEMES.map((scheme) => (scheme.startsWith('http') ? `${scheme}://` : `${scheme}:`)).join('|')})`,
  'i',
)
const IMAGE_URL = new RegExp(`^(${IMAGE_SCHEMES.map((scheme) => `${scheme}://`).join('|')})`, 'i')
// Elements whose content must go with them, not be kept as text.
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'svg',
  'math',
  'form',
  'select',
]

const xss = new FilterXSS({
  whiteList: ALLOWED,
  stripIgnoreTag: true,
  stripIgnoreTagBody: DROPPED_WITH_CONTENT,
  css: false,
  // Only http(s), mailto and tel links and http(s) images survive; an
  // unsafe URL takes its attribute with it.
  onTagAttr: (tag, name, value) => {
    if (name !== 'href' && name !== 'src') return undefined
    const url = value.trim()
    return (tag === 'img' ? IMAGE_URL : LINK_URL).test(url) ? `${name}="${escapeAttrValue(url)}"` : ''
  },
})

/**
 * Sanitises a description with the policy's allow-list.
 *
 * @example
 * sanitise('<p onclick="x()">hi</p>') // '<p>hi</p>'
 */
export function sanitise(html: string): string {
  // js-xss leaves "[removed]" markers where nested dropped elements were.
  return xss.process(html).replace(/\[\/?removed\]/g, '')
}
