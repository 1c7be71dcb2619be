/**
 * @module Reads the deployment's branding from the environment:
 * `SVC_BRAND_NAME`, `SVC_BRAND_LOGO_URL` and `SVC_BRAND_COLOR`; a bad value
 * stops the command with a message naming its variable.
 */
import { type Branding, branding, DEFAULT_BRANDING } from '../branding.js'
import { UsageError } from './cli-error.js'
import { setting } from './context.js'

const MAX_NAME_LENGTH = 40

/**
 * Reads the branding settings; a bad value stops the command with a message naming its variable.
 *
 * @example
 * brandingFrom({ SVC_BRAND_NAME: 'Acme ID', SVC_BRAND_COLOR: '#c00' }) // { name: 'Acme ID', color: '#cc0000', textColor: '#ffffff', linkColor: '#cc0000' }
 */
export function brandingFrom(env: Record<string, string | undefined>): Branding {
  const set = (name: string) => setting(env, name)?.trim()
  const name = set('SVC_BRAND_NAME') ?? DEFAULT_BRANDING.name
  if ([...name].length > MAX_NAME_LENGTH) throw new UsageError(`SVC_BRAND_NAME must be 1 to ${MAX_NAME_LENGTH} characters long`)
  if (/\p{Cc}/u.test(name)) throw new UsageError('SVC_BRAND_NAME must not contain control characters such as tabs or line breaks')
  // Braces would read as the pages' and mails' {placeholders}.
  if (/[{}]/.test(name)) throw new UsageError('SVC_BRAND_NAME must not contain { or }')
  const color = set('SVC_BRAND_COLOR') ?? DEFAULT_BRANDING.color
  if (!/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(color)) throw new UsageError('SVC_BRAND_COLOR must be a colour such as #0969da or #09d')
  const logo = set('SVC_BRAND_LOGO_URL')
  return branding({ name, color, ...(logo === undefined ? {} : { logoUrl: logoUrlFrom(logo) }) })
}

/** The logo's URL: https, or http on this machine for development; nothing a page could misread. */
function logoUrlFrom(value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new UsageError('SVC_BRAND_LOGO_URL must be an absolute URL such as https://example.com/logo.png')
  }
  const loopback =
    url.hostname === 'localhost' || url.hostname.endsWith('.localhost') || /^127\./.test(url.hostname) || url.hostname === '[::1]'
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new UsageError('SVC_BRAND_LOGO_URL must start with https:// (http:// only on localhost, for development)')
  if (url.username || url.password) throw new UsageError('SVC_BRAND_LOGO_URL must not carry a user name or password')
  return url.href
}
