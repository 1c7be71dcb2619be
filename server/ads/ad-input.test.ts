import { describe, expect, it } from 'vitest'
import { InvalidInput } from '../invalid-input.js'
import { adChangesFrom, adContentFrom, adInputProblems } from './ad-input.js'

async function refusal(run: () => Promise<unknown>): Promise<{ field: string; message: string }> {
  try {
    await run()
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInput)
    const { field, message } = error as InvalidInput
    return { field, message }
  }
  throw new Error('expected the input to be refused')
}

describe('adContentFrom', () => {
  it('fills defaults and derives the slot key', async () => {
    const ad = await adContentFrom({ title: ' Spring sale ', display: 'Home Slider Ads' })
    expect(ad).toMatchObject({
      title: 'Spring sale',
      display: 'Home Slider Ads',
      display_key: 'home slider ads',
      label: '',
      url: '',
      link: '',
      target: '_self',
      size: null,
      tags: null,
      description: '',
      image: '',
      images: '[]',
      status: 'saved',
      publish: 1,
    })
  })

  it('sanitises the description on store', async () => {
    const ad = await adContentFrom({ title: 'T', display: 'Home', description: '<p onclick="steal()">Hi</p><script>x()</script>' })
    expect(ad.description).toBe('<p>Hi</p>')
  })

  it('accepts true and false for publish', async () => {
    expect((await adContentFrom({ title: 'T', display: 'Home', publish: false })).publish).toBe(0)
  })

  it.each([
    [{ display: 'Home' }, 'title', 'title must be a string'],
    [{ title: '', display: 'Home' }, 'title', 'title must not be empty'],
    [{ title: 'x'.repeat(201), display: 'Home' }, 'title', 'title must be at most 200 characters'],
    [{ title: 'T' }, 'display', 'display must be a string'],
    [{ title: 'T', display: 'Ho\u0000me' }, 'display', 'display must not contain control characters'],
    [{ title: 'T', display: 'Home', target: '_top' }, 'target', 'target must be _self or _blank'],
    [{ title: 'T', display: 'Home', url: 'javascript:alert(1)' }, 'url', 'url must be an http or https URL or empty'],
    [{ title: 'T', display: 'Home', image: 'ftp://cdn.example/a.png' }, 'image', 'image must be an http or https URL or empty'],
    [{ title: 'T', display: 'Home', images: ['https://a.example/1.png', 'nope'] }, 'images', 'images must be an http or https URL'],
    [
      { title: 'T', display: 'Home', images: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}.png`) },
      'images',
      'images must hold at most 10 URLs',
    ],
    [{ title: 'T', display: 'Home', status: 'published' }, 'status', 'status must be saved or draft'],
    [{ title: 'T', display: 'Home', publish: 2 }, 'publish', 'publish must be 0 or 1'],
    [{ title: 'T', display: 'Home', colour: 'red' }, 'colour', 'unknown field colour'],
    [{ title: 'T', display: ' - ' }, 'display', 'display must name a slot with letters or digits'],
    [null, 'ad', 'an ad must be an object of fields'],
  ])('refuses %j naming the field', async (input, field, message) => {
    expect(await refusal(() => adContentFrom(input))).toEqual({ field, message })
  })
})

describe('adInputProblems', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('reports an unknown field named %s, like any other', (name) => {
    const input = JSON.parse(`{"title":"T","display":"Home","${name}":1}`)
    expect(adInputProblems(input)).toEqual({ [name]: `unknown field ${name}` })
    expect(Object.keys(adInputProblems(input))).toEqual([name])
  })
})

describe('adChangesFrom', () => {
  it('returns only the columns a change sets', async () => {
    expect(await adChangesFrom({ publish: 0 })).toEqual({ publish: 0 })
    expect(await adChangesFrom({ display: 'Donation-Stories' })).toEqual({ display: 'Donation-Stories', display_key: 'donation stories' })
    expect(await adChangesFrom({ images: ['https://a.example/1.png'] })).toEqual({ images: '["https://a.example/1.png"]' })
  })

  it('refuses a broken field the same way as on create', async () => {
    expect(await refusal(() => adChangesFrom({ target: 'new' }))).toEqual({ field: 'target', message: 'target must be _self or _blank' })
  })
})

describe('the schedule and weight', () => {
  const base = { title: 'T', display: 'Home' }
  const rule = 'must be an ISO 8601 date and time with a time zone, e.g. 2025-06-01T09:00:00Z or 2025-06-01T11:00:00+02:00'

  it('stores the window in UTC and weighs 10 unless told', async () => {
    expect(await adContentFrom(base)).toMatchObject({ starts_at: null, ends_at: null, weight: 10 })
    expect(await adContentFrom({ ...base, starts: '2030-06-01T11:00+02:00', ends: '2030-06-02T00:00:00Z', weight: 100 })).toMatchObject({
      starts_at: '2030-06-01T09:00:00.000Z',
      ends_at: '2030-06-02T00:00:00.000Z',
      weight: 100,
    })
    expect(await adChangesFrom({ starts: '', ends: null, weight: 1 })).toEqual({ starts_at: null, ends_at: null, weight: 1 })
  })

  it.each<[Record<string, unknown>, string, string]>([
    [{ starts: '2030-06-01' }, 'starts', `starts ${rule}`],
    [{ starts: '2030-06-01T09:00' }, 'starts', `starts ${rule}`],
    [{ ends: '2030-02-30T09:00Z' }, 'ends', `ends ${rule}`],
    [{ ends: 1_900_000_000 }, 'ends', `ends ${rule}`],
    [{ starts: '2030-06-02T00:00Z', ends: '2030-06-01T00:00Z' }, 'ends', 'ends must be after starts'],
    [{ starts: '2030-06-01T02:00+02:00', ends: '2030-06-01T00:00Z' }, 'ends', 'ends must be after starts'],
    [{ weight: 0 }, 'weight', 'weight must be an integer from 1 to 100'],
    [{ weight: 101 }, 'weight', 'weight must be an integer from 1 to 100'],
    [{ weight: 2.5 }, 'weight', 'weight must be an integer from 1 to 100'],
    [{ weight: '10' }, 'weight', 'weight must be an integer from 1 to 100'],
  ])('refuses %j naming the field', async (fields, field, message) => {
    expect(await refusal(() => adContentFrom({ ...base, ...fields }))).toEqual({ field, message })
    expect(await refusal(() => adChangesFrom(fields))).toEqual({ field, message })
    expect(adInputProblems({ ...base, ...fields })).toEqual({ [field]: message })
  })
})
