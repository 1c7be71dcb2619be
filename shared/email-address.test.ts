/** @module Tests of the plain-address rule and of reading the sender setting. */
import { describe, expect, it } from 'vitest'
import { isPlainEmailAddress, mailboxFromSetting, plainEmailAddress } from './email-address.js'

describe('a plain e-mail address', () => {
  it('takes local@domain, trimmed and lower-cased', () => {
    expect(plainEmailAddress(' Ada.Lovelace+svc@Example.com ')).toBe('ada.lovelace+svc@example.com')
    expect(isPlainEmailAddress("o'brien@xn--bcher-kva.example")).toBe(true)
    expect(isPlainEmailAddress('grüße@bücher.example')).toBe(true)
  })

  it.each([
    'x,victim@mail.example',
    '"Support"<attacker@evil.example>',
    'a@x.example;b',
    'Ada <ada@example.com>',
    'ada@example.com (Ada)',
    'ada@[127.0.0.1]',
    'group:ada@example.com;',
    'ada\\@x@example.com',
    'ada @example.com',
    'ada@example.com\r\nBcc: x@y.example',
    'ada\u202e@example.com',
    'ada@example',
    'ada@@example.com',
    `${'a'.repeat(250)}@x.example`,
  ])('refuses %j', (typed) => {
    expect(plainEmailAddress(typed)).toBeUndefined()
  })
})

describe('the sender setting', () => {
  it('reads a named mailbox, a quoted name or a bare address, a host without a dot included', () => {
    expect(mailboxFromSetting('Shop <no-reply@shop.example>')).toEqual({ name: 'Shop', address: 'no-reply@shop.example' })
    expect(mailboxFromSetting('"Shop, Inc." <no-reply@shop.example>')).toEqual({ name: 'Shop, Inc.', address: 'no-reply@shop.example' })
    expect(mailboxFromSetting('svc <no-reply@localhost>')).toEqual({ name: 'svc', address: 'no-reply@localhost' })
    expect(mailboxFromSetting('no-reply@shop.example')).toEqual({ name: '', address: 'no-reply@shop.example' })
  })

  it.each(['a@b.example, c@d.example', 'Shop <a@b.example>, c@d.example', 'Shop\r\nBcc: x <a@b.example>', 'no address'])(
    'refuses %j',
    (setting) => expect(mailboxFromSetting(setting)).toBeUndefined(),
  )
})
