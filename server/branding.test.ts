import { describe, expect, it } from 'vitest'
import { branding, contrastRatio, initialsOf } from './branding.js'

describe('the text colour on the primary colour', () => {
  it.each([
    ['#0969da', '#ffffff'],
    ['#000', '#ffffff'],
    ['#cc0000', '#ffffff'],
    ['#ffcc00', '#1f2328'],
    ['#ffffff', '#1f2328'],
    ['#7fdbff', '#1f2328'],
    ['#2da44e', '#1f2328'],
  ])('%s gets %s, whichever contrasts more', (color, text) => {
    const brand = branding({ name: 'Acme', color })
    expect(brand.textColor).toBe(text)
    const other = text === '#ffffff' ? '#1f2328' : '#ffffff'
    expect(contrastRatio(brand.color, text)).toBeGreaterThan(contrastRatio(brand.color, other))
  })

  it('keeps links readable on white: the primary colour only when it reaches 4.5:1 there', () => {
    expect(branding({ name: 'Acme', color: '#0969da' }).linkColor).toBe('#0969da')
    expect(branding({ name: 'Acme', color: '#ffcc00' }).linkColor).toBe('#1f2328')
  })

  it('measures contrast as WCAG 2 does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBe(21)
    expect(contrastRatio('#777777', '#777777')).toBe(1)
    expect(contrastRatio('#0969da', '#ffffff')).toBeCloseTo(5.16, 1)
  })
})

describe('initialsOf', () => {
  it.each([
    ['svc', 'S'],
    ['Acme ID', 'AI'],
    ['acme cloud sign-in', 'AC'],
    ['Ñandú', 'Ñ'],
    ['  Acme  ', 'A'],
  ])('%s → %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials)
  })
})
