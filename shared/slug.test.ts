import { describe, expect, it } from 'vitest'
import { displayNameFromSlug, slotKey, slugOfSlot } from './slug.js'

describe('the slug rule', () => {
  it('turns dashes into spaces and title-cases each word', () => {
    expect(displayNameFromSlug('home-slider-ads')).toBe('Home Slider Ads')
    expect(displayNameFromSlug('DONATION-stories')).toBe('Donation Stories')
    expect(displayNameFromSlug('home')).toBe('Home')
  })

  it('ignores empty words from doubled or edge dashes', () => {
    expect(displayNameFromSlug('-home--slider-')).toBe('Home Slider')
  })

  it('matches slugs and slot names regardless of case, dashes and spacing', () => {
    expect(slotKey(displayNameFromSlug('home-slider-ads'))).toBe(slotKey('home slider ADS'))
    expect(slotKey('Pre-Roll  Ads ')).toBe(slotKey(displayNameFromSlug('pre-roll-ads')))
    expect(slotKey('Home')).not.toBe(slotKey('Home Slider Ads'))
  })

  it('makes a slug from a slot name', () => {
    expect(slugOfSlot('Donation Stories')).toBe('donation-stories')
    expect(displayNameFromSlug(slugOfSlot('Home Slider Ads'))).toBe('Home Slider Ads')
  })
})
