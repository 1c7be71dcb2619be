import { describe, expect, it } from 'vitest'
import { fromAcceptLanguage, pickLocale } from './locale.js'

describe('the language of a request', () => {
  it('takes the first supported ui_locales tag', () => {
    expect(pickLocale('tlh fr-CA en', 'de')).toBe('fr')
    expect(pickLocale('pt-BR', undefined)).toBe('pt')
  })
  it('falls back to Accept-Language by q-value, reading regions as their language', () => {
    expect(pickLocale('tlh', 'de-CH')).toBe('de')
    expect(fromAcceptLanguage('fr;q=0.5, nl-BE;q=0.9, en;q=0.8')).toBe('nl')
    expect(fromAcceptLanguage('ja, es;q=0.3')).toBe('es')
    expect(fromAcceptLanguage('it;q=0, en;q=0.1')).toBe('en')
  })
  it('speaks English otherwise', () => {
    expect(pickLocale(undefined, undefined)).toBe('en')
    expect(pickLocale('', 'ja, zh;q=0.9, *;q=0.1')).toBe('en')
    expect(pickLocale('xx', 'q=;;,')).toBe('en')
  })
})
