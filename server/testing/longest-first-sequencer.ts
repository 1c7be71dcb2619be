/**
 * @module Vitest's file order: the longest test files start first. Vitest
 * orders by the durations it cached from the last run, but a fresh clone
 * (every CI run) has none and falls back to file size, which started
 * `e2e/packaging.test.ts` (84 s) 258th of 263 and left one core idle for
 * most of the last minute and a half. The durations come from Vitest's
 * cache when it has them, else from `test-durations.json` (seconds, the
 * files over 3 s in a CI run; `node scripts/test-durations.mjs` refreshes
 * it from the cache after `npm test`).
 */
import { readFileSync, statSync } from 'node:fs'
import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** Seconds each long file took in a CI run, by `project:path`. */
const RECORDED_SECONDS: Record<string, number> = JSON.parse(readFileSync(new URL('./test-durations.json', import.meta.url), 'utf8'))

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const expected = new Map(files.map((file) => [file, this.expectedMilliseconds(file)]))
    const longestOf = new Map<string, number>()
    for (const [file, ms] of expected) longestOf.set(file.project.name, Math.max(longestOf.get(file.project.name) ?? 0, ms))
    return [...files].sort((a, b) => {
      // Projects still run in Vitest's order: the hashing project, one worker, after the others.
      const groupOrder = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder
      if (groupOrder !== 0) return groupOrder
      // A project's files run together: Vitest's pool keeps a worker, with the modules it imported, for the
      // next file only when that file is of the same project, and starts a new one otherwise. The project
      // with the longest file goes first, so that its longest file starts at once (SQLite's packaging test,
      // not PostgreSQL's replicas, since both dialects run in one Vitest run).
      if (a.project.name !== b.project.name)
        return longestOf.get(b.project.name)! - longestOf.get(a.project.name)! || (a.project.name < b.project.name ? -1 : 1)
      return expected.get(b)! - expected.get(a)!
    })
  }

  /** The file's duration last time; unknown files rank by size, below every recorded one (a byte a microsecond). */
  private expectedMilliseconds(file: TestSpecification): number {
    const key = `${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`
    const cached = this.ctx.cache.getFileTestResults(key)?.duration
    if (cached !== undefined) return cached
    const recorded = RECORDED_SECONDS[key]
    if (recorded !== undefined) return recorded * 1000
    return statSync(file.moduleId).size / 1000
  }
}
