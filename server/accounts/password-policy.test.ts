import { describe, expect, it } from 'vitest'
import { passwordProblem } from './password-policy.js'

describe('the password policy', () => {
  it('takes a long passphrase', () => {
    expect(passwordProblem('violet kettle harbour lamp', 'ada@example.com')).toBeUndefined()
    expect(passwordProblem('Tr0ub4dor&3xyz')).toBeUndefined()
  })

  it('refuses fewer than 12 characters, saying how many it has', () => {
    expect(passwordProblem('short pass')).toMatch(/at least 12 characters \(this one has 10\)/)
  })

  it('refuses the common passwords, also with digits or symbols added at its ends or repeated', () => {
    for (const password of ['qwertyuiop123', 'password1234', '!!sunshine2024!!', 'PasswordPassword', 'qazwsxedcrfv', 'monkeymonkeymonkey'])
      expect(passwordProblem(password), password).toMatch(/most common passwords/)
  })

  it('refuses a password of too few different characters', () => {
    expect(passwordProblem('aaaaaaaaaaaaaaaa')).toMatch(/more different characters/)
    expect(passwordProblem('121212121212')).toMatch(/more different characters/)
  })

  it('refuses the e-mail address inside the password', () => {
    expect(passwordProblem('Ada@Example.com!!', 'ada@example.com')).toMatch(/e-mail address/)
  })
})
