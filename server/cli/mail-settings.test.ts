import { describe, expect, it } from 'vitest'
import { readSettings } from '../settings.js'
import { mailSettingsFrom } from './mail-settings.js'

/** Where mail goes for an environment and `--db`, as `serve` reads them. */
const mailFor = (env: Record<string, string>, db?: string) => mailSettingsFrom(readSettings(db === undefined ? {} : { db }, env))

describe('mailSettingsFrom', () => {
  it('writes mail beside the database when no SMTP server is set', () => {
    expect(mailFor({}, 'var/svc/svc.db')).toEqual({ smtpUrl: undefined, from: 'svc <no-reply@localhost>', folder: 'var/svc/mail' })
    expect(mailFor({ SVC_SMTP_URL: '', DATABASE_URL: 'postgres://db.example/svc' }).folder).toBe('data/mail')
  })

  it('takes an smtp or smtps URL and a From address', () => {
    const env = { SVC_SMTP_URL: 'smtps://user:secret@mail.example:465', SVC_MAIL_FROM: 'Shop <no-reply@shop.example>' }
    expect(mailFor(env, 'svc.db')).toMatchObject({ smtpUrl: env.SVC_SMTP_URL, from: env.SVC_MAIL_FROM })
  })

  it.each([
    [{ SVC_SMTP_URL: 'mail.example:25' }, 'SVC_SMTP_URL must start with smtp:// or smtps://'],
    [{ SVC_SMTP_URL: 'http://mail.example' }, 'SVC_SMTP_URL must start with smtp:// or smtps://'],
    [{ SVC_SMTP_URL: 'smtp://mail example' }, 'SVC_SMTP_URL must be a URL such as smtps://user:password@mail.example.com:465'],
    [{ SVC_MAIL_FROM: 'no address' }, 'SVC_MAIL_FROM must be an address such as "Shop <no-reply@shop.example>"'],
    [{ SVC_MAIL_FROM: 'a@b.example\r\nBcc: x@y.example' }, 'SVC_MAIL_FROM must be an address such as "Shop <no-reply@shop.example>"'],
  ])('refuses %j', (env, message) => {
    expect(() => mailFor(env, 'svc.db')).toThrow(expect.objectContaining({ name: 'InvalidSetting', message }))
  })
})
