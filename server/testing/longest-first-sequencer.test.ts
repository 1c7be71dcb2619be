import { describe, expect, it } from 'vitest'
import type { TestSpecification, Vitest } from 'vitest/node'
import { LongestFirstSequencer } from './longest-first-sequencer.js'

const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '')

/** The parts of a file's specification the order reads. */
const spec = (project: string, path: string, groupOrder = 0) =>
  ({ moduleId: `${root}/${path}`, project: { name: project, config: { sequence: { groupOrder } } } }) as unknown as TestSpecification

const sequencer = (cached: Record<string, number> = {}) =>
  new LongestFirstSequencer({
    config: { root },
    cache: { getFileTestResults: (key: string) => (key in cached ? { duration: cached[key], failed: false } : undefined) },
  } as unknown as Vitest)

const order = async (files: TestSpecification[], cached?: Record<string, number>) =>
  (await sequencer(cached).sort(files)).map((file) => `${file.project.name}:${file.moduleId.slice(root.length + 1)}`)

describe('LongestFirstSequencer', () => {
  it('starts the files a CI run recorded as longest first on a fresh clone, then the rest by size', async () => {
    const files = [
      spec('sqlite', 'shared/slug.test.ts'),
      spec('sqlite', 'e2e/console-ads.test.ts'),
      spec('sqlite', 'server/testing/longest-first-sequencer.test.ts'),
      spec('sqlite', 'e2e/fedcm.test.ts'),
    ]
    expect(await order(files)).toEqual([
      'sqlite:e2e/fedcm.test.ts',
      'sqlite:e2e/console-ads.test.ts',
      'sqlite:server/testing/longest-first-sequencer.test.ts',
      'sqlite:shared/slug.test.ts',
    ])
  })

  it("prefers Vitest's own cached durations to the recorded ones", async () => {
    const files = [spec('sqlite', 'e2e/fedcm.test.ts'), spec('sqlite', 'shared/slug.test.ts')]
    expect(await order(files, { 'sqlite:shared/slug.test.ts': 500_000 })).toEqual(['sqlite:shared/slug.test.ts', 'sqlite:e2e/fedcm.test.ts'])
  })

  it("runs a project's files together, the project with the longest file first", async () => {
    const files = [
      spec('postgres', 'server/db/test-database.test.ts'),
      spec('sqlite', 'shared/slug.test.ts'),
      spec('postgres', 'e2e/replicas.test.ts'),
      spec('sqlite', 'e2e/packaging.test.ts'),
    ]
    expect(await order(files)).toEqual([
      'sqlite:e2e/packaging.test.ts',
      'sqlite:shared/slug.test.ts',
      'postgres:e2e/replicas.test.ts',
      'postgres:server/db/test-database.test.ts',
    ])
    expect(await order(files, { 'postgres:server/db/test-database.test.ts': 900_000 })).toEqual([
      'postgres:server/db/test-database.test.ts',
      'postgres:e2e/replicas.test.ts',
      'sqlite:e2e/packaging.test.ts',
      'sqlite:shared/slug.test.ts',
    ])
  })

  it('keeps projects apart: the one-worker hashing project after the others, whatever its files take', async () => {
    const files = [spec('sqlite-hashing', 'server/attacks/login-flood-exhausts-memory.test.ts', 1), spec('sqlite', 'shared/slug.test.ts')]
    expect(await order(files)).toEqual(['sqlite:shared/slug.test.ts', 'sqlite-hashing:server/attacks/login-flood-exhausts-memory.test.ts'])
  })
})
