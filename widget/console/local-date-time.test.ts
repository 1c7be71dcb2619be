/// <reference types="mocha" />
/** @module Tests of the ad editor's conversions between stored UTC instants and `datetime-local` values. */
import { expect } from '@open-wc/testing'
import { localInputValue, readableTime, utcOfLocalInput } from '../../shared/local-date-time.js'

// In whatever zone the browser runs, a stored instant shown and read back is the same instant.
describe('the editor’s date and time conversions', () => {
  for (const utc of [
    '2020-03-29T01:30:15.000Z',
    '2099-06-30T18:30:00.000Z',
    '2031-10-26T00:59:59.123Z',
    '2030-01-01T00:00:00.000Z',
    '0999-12-31T23:00:00.000Z',
  ]) {
    it(`reads ${utc} back from the value it shows`, () => {
      const shown = localInputValue(utc)
      expect(shown).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{3})?)?$/)
      expect(utcOfLocalInput(shown)).to.equal(utc)
    })
  }

  it('shows seconds only when the instant has them, and nothing for no bound', () => {
    expect(localInputValue('2030-01-01T00:00:00.000Z')).to.have.length(16)
    expect(localInputValue('2030-01-01T00:00:07.000Z')).to.have.length(19)
    expect(localInputValue(null)).to.equal('')
    expect(utcOfLocalInput('')).to.equal(null)
  })

  it('reads the value in the browser’s zone, not as UTC', () => {
    const local = new Date(2030, 5, 1, 9, 15)
    expect(utcOfLocalInput('2030-06-01T09:15')).to.equal(local.toISOString())
    expect(localInputValue(local.toISOString())).to.equal('2030-06-01T09:15')
  })
})

describe('a stored time as console pages show it', () => {
  it('names the year, the time and the viewer’s time zone, with seconds only when asked', () => {
    const utc = '2026-01-02T03:04:05.000Z'
    const zone = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' })
      .formatToParts(new Date(utc))
      .find((part) => part.type === 'timeZoneName')!.value
    expect(readableTime(utc)).to.contain('2026').and.to.contain(zone)
    expect(readableTime(utc)).not.to.contain(':05')
    expect(readableTime(utc, { seconds: true })).to.contain(':05')
  })
})
