/** @module Tests of the console's words for failed calls: people read sentences, never an API's raw wording. */
import { describe, expect, it } from 'vitest'
import { problemWords } from './console-words.js'

describe('problemWords', () => {
  it("keeps the API's sentence when a person can read it", () => {
    expect(problemWords(422, 'choose an organisation')).toBe('choose an organisation')
    expect(problemWords(507, 'the organisation has used its 200 MB of images')).toBe('the organisation has used its 200 MB of images')
  })

  it('says in words what raw wording, a server error or no answer meant', () => {
    expect(problemWords(400, 'name the organisation whose report to show (?organisation=CODE)')).toBe(
      'svc refused this (error 400). Reload the page, then try again.',
    )
    expect(problemWords(400, 'invalid_request')).toBe('svc refused this (error 400). Reload the page, then try again.')
    expect(problemWords(404, undefined)).toBe('This is not there any more. Reload the page to see what is.')
    expect(problemWords(403, 'value was undefined')).toBe('Your account may not do this.')
    expect(problemWords(500, 'internal server error')).toBe('svc could not answer just now (error 500). Try again in a moment.')
    expect(problemWords(502, undefined)).toBe('svc could not answer just now (error 502). Try again in a moment.')
    expect(problemWords(0, undefined)).toBe('The console could not reach svc. Check your connection, then try again.')
  })
})
