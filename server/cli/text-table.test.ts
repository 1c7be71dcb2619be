import { describe, expect, it } from 'vitest'
import { displayWidth, textTable } from './text-table.js'

describe('textTable', () => {
  it('aligns columns under a header row, three spaces apart, with no line ending in spaces', () => {
    const rows = [
      { code: 'ORG1', name: 'Acme', origins: '' },
      { code: 'ORG22', name: '東京 Shop', origins: 'https://a.example' },
    ]
    const text = textTable(
      [
        ['CODE', (row) => row.code],
        ['NAME', (row) => row.name],
        ['ORIGINS', (row) => row.origins],
      ],
      rows,
    )
    expect(text.split('\n')).toEqual(['CODE    NAME        ORIGINS', 'ORG1    Acme', 'ORG22   東京 Shop   https://a.example'])
  })

  it('keeps each row on one line', () => {
    expect(textTable([['NAME', (row: string) => row]], ['two\nlines\tand a tab'])).toBe('NAME\ntwo lines and a tab')
  })

  it('counts what a terminal shows: combined characters once, wide ones twice', () => {
    expect([displayWidth('Zoë'), displayWidth('Zoe\u0308'), displayWidth('東京'), displayWidth('ليلى')]).toEqual([3, 3, 4, 4])
  })
})
