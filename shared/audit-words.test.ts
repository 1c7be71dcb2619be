/** @module Tests of the audit log's detail lines: what changed in words, an organisation by its name. */
import { describe, expect, it } from 'vitest'
import { detailLines } from './audit-words.js'

describe('the detail lines of an audit event', () => {
  it('says what changed, and names an organisation the viewer knows beside its code', () => {
    const organisations = [{ code: 'ORG0000000001', name: 'أخبار أكمي' }]
    expect(detailLines({ before: { roles: ['marketer'] }, after: { roles: ['admin'] } })).toEqual(['Roles: marketer → admin'])
    expect(detailLines({ organisation: 'ORG0000000001', roles: ['marketer'] }, organisations)).toEqual([
      'Organisation: أخبار أكمي (ORG0000000001)',
      'Roles: marketer',
    ])
    // One the viewer cannot see (another organisation's, or archived since) keeps its code.
    expect(detailLines({ organisation: 'ORG0000000002' }, organisations)).toEqual(['Organisation: ORG0000000002'])
  })
})
