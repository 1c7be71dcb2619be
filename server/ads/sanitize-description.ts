/**
 * @module Sanitises an ad's rich-text description when it is stored, with
 * sanitize-html: formatting, lists, tables, images and links with safe
 * schemes survive; scripts, event handlers, `javascript:` and `data:` URLs,
 * frames, forms and any style that could load a URL do not.
 */
import sanitizeHtml from 'sanitize-html'

const SAFE_COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|[a-z]{3,20})$/i

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'figure',
    'figcaption',
    'picture',
    'u',
    's',
    'del',
    'ins',
    'mark',
    'small',
    'sub',
    'sup',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', { name: 'target', values: ['_blank', '_self'] }],
    img: ['src', 'srcset', 'alt', 'title', 'width', 'height', { name: 'loading', values: ['lazy', 'eager'] }],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start', 'reversed'],
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
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
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
 * sanitizeDescription('<p onclick="x()">Hi<script>x()</script></p>') // '<p>Hi</p>'
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, options)
}
