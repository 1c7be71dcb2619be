// Refreshes server/testing/test-durations.json, the durations Vitest's
// file order starts from on a fresh clone (server/testing/longest-first-sequencer.ts),
// from the durations Vitest cached in the last run: run it after `npm test`.
// Files of 3 s or more are kept, in whole seconds; a file the cache does not
// name keeps its recorded time.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const cacheRoot = 'node_modules/.vite/vitest'
const recordedFile = 'server/testing/test-durations.json'
const recorded = JSON.parse(readFileSync(recordedFile, 'utf8'))
let refreshed = 0
for (const folder of readdirSync(cacheRoot)) {
  let results
  try {
    results = JSON.parse(readFileSync(join(cacheRoot, folder, 'results.json'), 'utf8')).results
  } catch {
    continue
  }
  for (const [key, { duration }] of results) {
    const seconds = Math.round(duration / 1000)
    if (seconds >= 3) recorded[key] = seconds
    else delete recorded[key]
    refreshed += 1
  }
}
const sorted = Object.fromEntries(Object.entries(recorded).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)))
writeFileSync(recordedFile, `${JSON.stringify(sorted, null, 2)}\n`)
console.log(`${recordedFile}: ${Object.keys(sorted).length} files of 3 s or more (${refreshed} durations read from Vitest's cache)`)
