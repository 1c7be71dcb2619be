// The `native addon` leg of `npm test` when `.ci/run` started the compile
// before the install (SVC_SQLITE_ADDON_BUILD names its folder; see
// scripts/ci/compile-sqlite-addon.sh): waits for it to end, then puts the
// addon where better-sqlite3 loads it from. If that compile failed, it
// says why and compiles in place as `npm rebuild` would.
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { join } from 'node:path'

const folder = process.env.SVC_SQLITE_ADDON_BUILD
const status = join(folder, 'status')
while (!existsSync(status)) await sleep(500)
if (readFileSync(status, 'utf8').trim() === '0') {
  mkdirSync('node_modules/better-sqlite3/build/Release', { recursive: true })
  copyFileSync(join(folder, 'better_sqlite3.node'), 'node_modules/better-sqlite3/build/Release/better_sqlite3.node')
  console.log(`better-sqlite3's addon, compiled beside the install (${folder})`)
} else {
  const log = join(folder, 'log')
  console.log(`The compile beside the install failed${existsSync(log) ? `:\n${readFileSync(log, 'utf8')}` : ''}; compiling in place`)
  process.exit(spawnSync('npm', ['rebuild', 'better-sqlite3'], { stdio: 'inherit' }).status ?? 1)
}
