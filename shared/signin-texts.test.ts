import { describe, expect, it } from 'vitest'
import { buttonText } from './signin-texts.js'

describe('buttonText', () => {
  it('speaks the locale, then its language, then English', () => {
    expect(buttonText('de', 'signin_with')).toBe('Mit svc anmelden')
    expect(buttonText('fr-CA', 'continue_as', 'Ada')).toBe('Continuer en tant que Ada')
    expect(buttonText('pt_BR', 'signup_with')).toBe('Cadastrar-se com svc')
    expect(buttonText('xx', 'continue_with')).toBe('Continue with svc')
    expect(buttonText(null, null)).toBe('Sign in with svc')
  })

  it('speaks Brazilian Portuguese to Brazil and a bare pt, European to Portugal and every other region', () => {
    expect(['pt-BR', 'pt', 'pt-Latn-BR'].map((tag) => buttonText(tag, 'signin'))).toEqual(['Entrar', 'Entrar', 'Entrar'])
    expect(['pt-PT', 'pt_pt', 'pt-AO', 'pt-MZ'].map((tag) => buttonText(tag, 'signin_with'))).toEqual(
      Array(4).fill('Iniciar sessão com svc'),
    )
    expect(buttonText('pt-PT', 'continue_as', 'Rui')).toBe('Continuar como Rui')
  })

  it('never shows "Continue as" without a name, nor an unknown text', () => {
    expect(buttonText('en', 'continue_as')).toBe('Sign in with svc')
    expect(buttonText('es', 'bogus')).toBe('Iniciar sesión con svc')
    // Names of Object.prototype are not languages or texts.
    expect(buttonText('constructor', 'toString')).toBe('Sign in with svc')
  })
})
