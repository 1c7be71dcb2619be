/**
 * @module Vitest set-up that writes a V8 CPU profile of the test worker for
 * each test file, when `SVC_TEST_CPU_PROFILE` names a folder (vite.config.ts
 * adds it then). `--cpu-prof` in the workers' `execArgv` writes nothing:
 * Vitest ends its workers with SIGTERM, and a profile is written only on a
 * normal exit. So the worker profiles itself through the inspector and
 * writes what it sampled after each file (its imports included, the first
 * file of a worker paying the shared ones). `npx tsx
 * server/testing/cpu-profile-summary.ts FOLDER` adds the profiles up by
 * function and by package.
 */
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { basename, join } from 'node:path'
import { afterAll, expect } from 'vitest'

const folder = process.env.SVC_TEST_CPU_PROFILE
/** One inspector session a worker, kept across the files it runs (modules are shared, `isolate: false`; globals always are). */
const state = globalThis as unknown as { svcCpuProfile?: { session: Session; files: number } }

if (folder) {
  if (!state.svcCpuProfile) {
    const session = new Session()
    session.connect()
    await session.post('Profiler.enable')
    await session.post('Profiler.start')
    state.svcCpuProfile = { session, files: 0 }
  }
  const testFile = basename(expect.getState().testPath ?? 'unknown', '.ts')
  afterAll(async () => {
    const profiling = state.svcCpuProfile!
    const { profile } = await profiling.session.post('Profiler.stop')
    const name = `worker-${process.pid}-${String(profiling.files++).padStart(3, '0')}-${testFile}.cpuprofile`
    writeFileSync(join(folder, name), JSON.stringify(profile))
    await profiling.session.post('Profiler.start')
  })
}
