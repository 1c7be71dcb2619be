/**
 * @module The deployment's branding: the product name visitors see, its
 * logo and its primary colour (set by `SVC_BRAND_NAME`, `SVC_BRAND_LOGO_URL`
 * and `SVC_BRAND_COLOR`, read by `cli/brand-settings.ts`), with the text
 * colour that reads best on the primary colour (WCAG contrast) worked out,
 * not set.
 */
export interface Branding {
  /** The product name pages, mails and the FedCM dialog say. */
  name: string
  /** An absolute URL of the logo, shown above pages' headings and atop mails; square for the FedCM dialog. */
  logoUrl?: string
  /** The primary colour of buttons, links and focus rings, `#rrggbb`. */
  color: string
  /** White or near-black, whichever contrasts more with `color`. */
  textColor: string
  /** Links and focus rings on white: `color` when it reads there (4.5:1), else near-black. */
  linkColor: string
}

/** The text colour of svc's pages, the near-black a light primary colour gets. */
const NEAR_BLACK = '#1f2328'
const WHITE = '#ffffff'

/**
 * The branding of a deployment with these settings, its text colour worked out.
 *
 * @example
 * branding({ name: 'Acme', color: '#ffcc00' }).textColor // '#1f2328'
 */
export function branding({ name, logoUrl, color }: { name: string; logoUrl?: string; color: string }): Branding {
  const primary = sixDigitColor(color)
  const textColor = contrastRatio(primary, WHITE) >= contrastRatio(primary, NEAR_BLACK) ? WHITE : NEAR_BLACK
  // A yellow button is fine with dark words on it; yellow words on a white page are not.
  const linkColor = contrastRatio(primary, WHITE) >= 4.5 ? primary : NEAR_BLACK
  return { name, ...(logoUrl === undefined ? {} : { logoUrl }), color: primary, textColor, linkColor }
}

/** svc's own: the name svc and GitHub's blue, white on it. */
export const DEFAULT_BRANDING: Branding = branding({ name: 'svc', color: '#0969da' })

/**
 * Up to two initials of the product name, for the generated FedCM icon.
 *
 * @example
 * initialsOf('Acme Cloud ID') // 'AC'
 */
export function initialsOf(name: string): string {
  const words = name.split(/[\s\-_.]+/u).filter((word) => word !== '')
  return words
    .slice(0, 2)
    .map((word) => [...word][0]!.toLocaleUpperCase())
    .join('')
}

/** `#rgb` spelled out as `#rrggbb`, lower case. */
function sixDigitColor(color: string): string {
  const hex = color.slice(1).toLowerCase()
  return `#${hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex}`
}

/**
 * The WCAG 2 contrast ratio of two `#rrggbb` colours, from 1 to 21.
 *
 * @example
 * contrastRatio('#ffffff', '#000000') // 21
 */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number]
  return (lighter + 0.05) / (darker + 0.05)
}

/** WCAG 2's relative luminance of a `#rrggbb` colour. */
function relativeLuminance(color: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(color.slice(start, start + 2), 16) / 255
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
