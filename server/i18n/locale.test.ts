import { describe, expect, it } from 'vitest'
import { fromAcceptLanguage, localeOf, pickLocale } from './locale.js'

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
  it('reads Brazil and a bare pt as Brazilian Portuguese, every other Portuguese region as European', () => {
    expect(pickLocale('pt-BR', 'en')).toBe('pt')
    expect(pickLocale('pt', 'en')).toBe('pt')
    expect(pickLocale('pt-PT', 'pt-BR')).toBe('pt-PT')
    expect(pickLocale(undefined, 'pt-BR,pt;q=0.9,en;q=0.8')).toBe('pt')
    expect(pickLocale(undefined, 'pt-PT,pt;q=0.9,en;q=0.8')).toBe('pt-PT')
    expect(fromAcceptLanguage('en;q=0.5, pt-ao')).toBe('pt-PT')
    expect(['pt-MZ', 'pt_PT', 'pt-Latn-PT', 'pt-150'].map(localeOf)).toEqual(['pt-PT', 'pt-PT', 'pt-PT', 'pt-PT'])
    expect(['pt_BR', 'pt-Latn-BR', 'PT-br', 'pt'].map(localeOf)).toEqual(['pt', 'pt', 'pt', 'pt'])
    expect(['ptx', 'pt-PT-x', 'por'].map(localeOf)).toEqual([undefined, 'pt-PT', undefined])
  })
  it('speaks English otherwise', () => {
    expect(pickLocale(undefined, undefined)).toBe('en')
    expect(pickLocale('', 'ja, zh;q=0.9, *;q=0.1')).toBe('en')
    expect(pickLocale('xx', 'q=;;,')).toBe('en')
  })
})
