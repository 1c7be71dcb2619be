/**
 * @module Tests of the scopes a token may be made with: reports are read
 * only, so a `reports:write` scope, which would grant nothing, is refused
 * with the rule that says so.
 */
import { describe, expect, it } from 'vitest'
import { grantsScope, parseTokenScopes, TOKEN_SCOPES } from './token-scopes.js'

describe('token scopes', () => {
  it('offers reports:read and no reports:write, and says why when asked for it', () => {
    expect(TOKEN_SCOPES).toContain('reports:read')
    expect(TOKEN_SCOPES).not.toContain('reports:write')
    expect(() => parseTokenScopes('ads:write,reports:write')).toThrow(/unknown scope reports:write;.*\(reports: read only\)/)
    expect(parseTokenScopes('reports:read, ads:write')).toEqual(['ads:write', 'reports:read'])
    expect(grantsScope(['ads:write'], 'ads:read')).toBe(true)
  })
})
