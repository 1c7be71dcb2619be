/**
 * @module Sanitises an ad's rich-text description when it is stored, with
 * sanitize-html: formatting, lists, tables, images and links with safe
 * schemes survive; scripts, event handlers, `javascript:` and `data:` URLs,
 * frames, forms and any style that could load a URL do not.
 */
import type sanitizeHtml from 'sanitize-html'
import { DESCRIPTION_ATTRIBUTES, DESCRIPTION_TAGS, IMAGE_SCHEMES, LINK_SCHEMES } from '../../shared/description-policy.js'
import { loadedOnFirstUse } from '../loaded-on-first-use.js'

// sanitize-html brings an HTML parser and postcss: loaded by the first description stored, not by every start.
const sanitizer = loadedOnFirstUse('sanitize-html', "sanitising ads' descriptions", async () => (await import('sanitize-html')).default)

const SAFE_COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|[a-z]{3,20})$/i

const options: sanitizeHtml.IOptions = {
  allowedTags: [...DESCRIPTION_TAGS],
  allowedAttributes: {
    ...DESCRIPTION_ATTRIBUTES,
    a: [...DESCRIPTION_ATTRIBUTES.a!.filter((name) => name !== 'target'), { name: 'target', values: ['_blank', '_self'] }],
    img: [...DESCRIPTION_ATTRIBUTES.img!, 'srcset', { name: 'loading', values: ['lazy', 'eager'] }],
    '*': ['style', 'lang', 'dir'],
  },
  // Styles are kept only where a value cannot name a URL or an expression.
  allowedStyles: {
    '*': {
      color: [SAFE_COLOUR],
      'background-color': [SAFE_COLOUR],
      'text-align': [/^(left|right|center|justify|start|end)$/],
      'font-weight': [/^(normal|bold|bolder|lighter|[1-9]00)$/],
      'font-style': [/^(normal|italic)$/],
      'text-decoration': [/^(none|underline|line-through)$/],
    },
  },
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: [...IMAGE_SCHEMES] },
  allowProtocolRelative: false,
  transformTags: {
    // A new tab opened by a description link must not reach back to the
    // partner page through window.opener, nor learn its URL.
    a: (tagName, attribs) =>
      attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs },
  },
}

/**
 * Returns the HTML with everything unsafe removed.
 *
 * @example
 * await sanitizeDescription('<p onclick="x()">Hi<script>x()</script></p>') // '<p>Hi</p>'
 */
export async function sanitizeDescription(html: string): Promise<string> {
  return (await sanitizer())(html, options)
}
