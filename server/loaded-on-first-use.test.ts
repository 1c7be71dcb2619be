import { describe, expect, it } from 'vitest'
import { LibraryUnavailable, loadedOnFirstUse } from './loaded-on-first-use.js'

describe('loadedOnFirstUse', () => {
  it('loads on the first call, not before, and hands every later call the same module', async () => {
    let loads = 0
    const library = loadedOnFirstUse('a-library', 'testing', async () => ({ loaded: ++loads }))
    expect(loads).toBe(0)
    const [first, second] = await Promise.all([library(), library()])
    expect(await library()).toBe(first)
    expect(second).toBe(first)
    expect(loads).toBe(1)
  })

  it('reports a library that cannot be loaded by its name and what svc needs it for, and tries again next time', async () => {
    const library = loadedOnFirstUse('not-installed-here', 'sending mail', () => import(`${'./no-such-module'}.js`))
    const error = await library().catch((failure: unknown) => failure)
    expect(error).toBeInstanceOf(LibraryUnavailable)
    expect((error as Error).message).toMatch(/^cannot load not-installed-here, which svc needs for sending mail: .*no-such-module/)
    let attempts = 0
    const flaky = loadedOnFirstUse('flaky', 'testing', async () => {
      if (++attempts === 1) throw new Error('first attempt fails')
      return 'loaded'
    })
    await expect(flaky()).rejects.toThrow('cannot load flaky, which svc needs for testing: first attempt fails')
    expect(await flaky()).toBe('loaded')
  })
})
