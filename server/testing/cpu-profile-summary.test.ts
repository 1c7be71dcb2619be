import { describe, expect, it } from 'vitest'
import { moduleOf } from './cpu-profile-summary.js'

describe('moduleOf', () => {
  it('names a package by its folder under node_modules, scoped or not', () => {
    expect(moduleOf('file:///work/main/node_modules/kysely/dist/esm/query-compiler/default-query-compiler.js')).toBe('npm:kysely')
    expect(moduleOf('file:///work/main/node_modules/@vitest/runner/dist/index.js')).toBe('npm:@vitest/runner')
  })

  it("names svc's own modules from the checkout's root, whichever checkout", () => {
    expect(moduleOf('file:///work/wt-node/server/db/open-database.ts')).toBe('server/db/open-database.ts')
    expect(moduleOf('/srv/svc/dist/server/cli.bundle.cjs')).toBe('dist/server/cli.bundle.cjs')
  })

  it("keeps Node's own modules, and calls a frame without a URL native", () => {
    expect(moduleOf('node:internal/deps/undici/undici')).toBe('node:internal/deps/undici/undici')
    expect(moduleOf('')).toBe('(native)')
  })
})
