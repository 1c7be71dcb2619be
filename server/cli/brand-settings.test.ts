import { describe, expect, it } from 'vitest'
import { DEFAULT_BRANDING } from '../branding.js'
import { readSettings } from '../settings.js'
import { BRAND_SETTINGS, brandingFrom as brandingOfSettings } from './brand-settings.js'

/** The branding an environment gives, through the settings table as `serve` reads it. */
const brandingFrom = (env: Record<string, string>) => brandingOfSettings(readSettings({}, env, BRAND_SETTINGS))

describe('brandingFrom', () => {
  it('is svc in its blue, white on it, without settings or with blank ones', () => {
    const svc = { name: 'svc', color: '#0969da', textColor: '#ffffff', linkColor: '#0969da' }
    expect(brandingFrom({})).toEqual(svc)
    expect(brandingFrom({ SVC_BRAND_NAME: ' ', SVC_BRAND_COLOR: '', SVC_BRAND_LOGO_URL: '' })).toEqual(svc)
    expect(DEFAULT_BRANDING).toEqual(svc)
  })

  it('takes a name, a short or long colour and an https logo', () => {
    expect(
      brandingFrom({ SVC_BRAND_NAME: ' Acme & Co ', SVC_BRAND_COLOR: '#C00', SVC_BRAND_LOGO_URL: 'https://cdn.acme.example/logo.svg' }),
    ).toEqual({
      name: 'Acme & Co',
      color: '#cc0000',
      textColor: '#ffffff',
      linkColor: '#cc0000',
      logoUrl: 'https://cdn.acme.example/logo.svg',
    })
    expect(brandingFrom({ SVC_BRAND_COLOR: '#1A7F37' }).color).toBe('#1a7f37')
    expect(brandingFrom({ SVC_BRAND_NAME: 'Ñandú Identität 登录' }).name).toBe('Ñandú Identität 登录')
    expect(brandingFrom({ SVC_BRAND_NAME: 'x'.repeat(40) }).name).toHaveLength(40)
  })

  it.each(['http://localhost:8787/logo.png', 'http://127.0.0.1:3000/logo.png', 'http://[::1]/logo.png', 'http://acme.localhost/l.png'])(
    'takes a plain-http logo on this machine, for development: %s',
    (url) => {
      expect(brandingFrom({ SVC_BRAND_LOGO_URL: url }).logoUrl).toBe(url)
    },
  )

  it.each<[Record<string, string>, string]>([
    [{ SVC_BRAND_NAME: 'x'.repeat(41) }, 'SVC_BRAND_NAME must be 1 to 40 characters long'],
    [{ SVC_BRAND_NAME: 'Acme\nID' }, 'SVC_BRAND_NAME must not contain control characters such as tabs or line breaks'],
    [{ SVC_BRAND_NAME: 'Acme\u0000' }, 'SVC_BRAND_NAME must not contain control characters such as tabs or line breaks'],
    [{ SVC_BRAND_NAME: '{client} ID' }, 'SVC_BRAND_NAME must not contain { or }'],
    [{ SVC_BRAND_COLOR: 'blue' }, 'SVC_BRAND_COLOR must be a colour such as #0969da or #09d'],
    [{ SVC_BRAND_COLOR: '0969da' }, 'SVC_BRAND_COLOR must be a colour such as #0969da or #09d'],
    [{ SVC_BRAND_COLOR: '#0969d' }, 'SVC_BRAND_COLOR must be a colour such as #0969da or #09d'],
    [{ SVC_BRAND_COLOR: '#ggg' }, 'SVC_BRAND_COLOR must be a colour such as #0969da or #09d'],
    [{ SVC_BRAND_COLOR: '#0969da; background: url(x)' }, 'SVC_BRAND_COLOR must be a colour such as #0969da or #09d'],
    [{ SVC_BRAND_LOGO_URL: '/logo.png' }, 'SVC_BRAND_LOGO_URL must be an absolute URL such as https://example.com/logo.png'],
    [
      { SVC_BRAND_LOGO_URL: 'http://cdn.acme.example/logo.png' },
      'SVC_BRAND_LOGO_URL must start with https:// (http:// only on localhost, for development)',
    ],
    [
      { SVC_BRAND_LOGO_URL: 'javascript:alert(1)' },
      'SVC_BRAND_LOGO_URL must start with https:// (http:// only on localhost, for development)',
    ],
    [
      { SVC_BRAND_LOGO_URL: 'data:image/png;base64,AAAA' },
      'SVC_BRAND_LOGO_URL must start with https:// (http:// only on localhost, for development)',
    ],
    [{ SVC_BRAND_LOGO_URL: 'https://user:secret@cdn.acme.example/l.png' }, 'SVC_BRAND_LOGO_URL must not carry a user name or password'],
  ])('refuses %j, naming the variable', (env, message) => {
    expect(() => brandingFrom(env)).toThrow(expect.objectContaining({ name: 'InvalidSetting', message }))
  })
})
