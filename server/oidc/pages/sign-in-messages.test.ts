import { describe, expect, it } from 'vitest'
import { tooManyAttempts, wrongCredentials } from './sign-in-messages.js'

describe('the throttle refusal', () => {
  it.each([
    [1, 'Try again in 1 second.'],
    [2, 'Try again in 2 seconds.'],
    [59, 'Try again in 59 seconds.'],
    [60, 'Try again in 1 minute.'],
    [64, 'Try again in 1 minute.'],
    [89, 'Try again in 1 minute.'],
    [90, 'Try again in 2 minutes.'],
    [128, 'Try again in 2 minutes.'],
    [900, 'Try again in 15 minutes.'],
  ])('for %i seconds says "%s"', (seconds, ending) => {
    expect(tooManyAttempts(seconds)).toBe(`Too many failed sign-in attempts. ${ending}`)
  })

  it('speaks the language of a regional tag, in its plural forms, and English for a language it lacks', () => {
    expect(tooManyAttempts(60, 'de-CH')).toBe('Zu viele fehlgeschlagene Anmeldeversuche. Versuchen Sie es in 1 Minute noch einmal.')
    expect(tooManyAttempts(120, 'fr')).toBe('Trop de tentatives de connexion échouées. Réessayez dans 2 minutes.')
    expect(tooManyAttempts(60, 'ja')).toBe('Too many failed sign-in attempts. Try again in 1 minute.')
  })
})

describe('the wrong-password refusal', () => {
  it('says how long to wait when this failure starts a wait', () => {
    expect(wrongCredentials()).toBe('The email or password is not right.')
    expect(wrongCredentials(2)).toBe('The email or password is not right. Try again in 2 seconds.')
  })
})
