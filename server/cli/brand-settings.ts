/**
 * @module The deployment's branding from its settings (`SVC_BRAND_NAME`,
 * `SVC_BRAND_LOGO_URL`, `SVC_BRAND_COLOR`, checked in settings.ts): the
 * colours the pages and mails derive from them.
 */
import { type Branding, branding } from '../branding.js'
import type { Settings } from '../settings.js'

/** The settings branding is made of. */
export const BRAND_SETTINGS = ['brandName', 'brandLogoUrl', 'brandColor'] as const

/**
 * The branding the settings ask for.
 *
 * @example
 * brandingFrom(readSettings({}, { SVC_BRAND_NAME: 'Acme ID', SVC_BRAND_COLOR: '#c00' })) // { name: 'Acme ID', color: '#cc0000', textColor: '#ffffff', linkColor: '#cc0000' }
 */
export function brandingFrom({ brandName, brandLogoUrl, brandColor }: Pick<Settings, (typeof BRAND_SETTINGS)[number]>): Branding {
  return branding({ name: brandName, color: brandColor, ...(brandLogoUrl === undefined ? {} : { logoUrl: brandLogoUrl }) })
}
