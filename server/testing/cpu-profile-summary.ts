/**
 * @module Adds up V8 CPU profiles (`.cpuprofile`: the test workers'
 * from cpu-profile.setup.ts, a server's from `node --cpu-prof`) and prints
 * where the time went: self time by package or source folder, by module
 * and by function, and the inclusive time of svc's own functions (a
 * function's own samples and those of everything it called, each sample
 * counted once). The samples are the profiler's wall-clock ticks, so time
 * a thread spent blocked in a synchronous call (spawnSync, a file's
 * fsync) counts as busy: read the figures as shares of a run.
 *
 *     SVC_TEST_CPU_PROFILE=/tmp/prof npx vitest run --project sqlite server/
 *     npx tsx server/testing/cpu-profile-summary.ts /tmp/prof [/tmp/prof/servers] [--top 25]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** Where V8 was rather than a function: idle, garbage collection, its own work. */
const V8_STATES = new Set(['(idle)', '(program)', '(garbage collector)', '(root)'])

/** The module a frame's URL names: `npm:kysely`, `node:net`, `server/db/open-database.ts`. */
export function moduleOf(url: string): string {
  if (!url) return '(native)'
  const path = url.replace(/^file:\/\//, '').replace(/\?.*$/, '')
  const packageAt = path.lastIndexOf('node_modules/')
  if (packageAt >= 0) {
    const [scope, name] = path.slice(packageAt + 'node_modules/'.length).split('/')
    return `npm:${scope!.startsWith('@') ? `${scope}/${name}` : scope}`
  }
  const inCheckout = /\/((?:server|shared|e2e|widget|scripts|dist)\/.*)$/.exec(path)
  return inCheckout ? inCheckout[1]! : path
}

/** A module's package (`npm:…`, `node:…`) or, for svc's own, its folder two levels deep (`server/db`). */
function packageOf(module: string): string {
  if (/^(npm:|node:|\()/.test(module)) return module
  return module.split('/').slice(0, 2).join('/')
}

/** Totals by key, in milliseconds. */
class Tally extends Map<string, number> {
  add(key: string, ms: number): void {
    this.set(key, (this.get(key) ?? 0) + ms)
  }
}

const totals = { sampled: 0, idle: 0, byPackage: new Tally(), byModule: new Tally(), byFunction: new Tally(), inclusive: new Tally() }

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame
  return `${functionName || '(anonymous)'} ${moduleOf(url)}:${lineNumber + 1}`
}

/** Adds one profile's samples to {@link totals}, leaving out the profiler's own stop and restart. */
function addProfile(profile: Profile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parentOf = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id)
  const stack = (id: number) => {
    const frames: ProfileNode[] = []
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) frames.push(byId.get(at)!)
    return frames
  }
  profile.samples.forEach((id, index) => {
    const frames = stack(id)
    if (frames.some((frame) => frame.callFrame.url.includes('cpu-profile.setup'))) return
    addSample(frames, (profile.timeDeltas[index] ?? 0) / 1000)
  })
}

function addSample([leaf, ...callers]: ProfileNode[], ms: number): void {
  const state = V8_STATES.has(leaf!.callFrame.functionName) ? leaf!.callFrame.functionName : undefined
  totals.sampled += ms
  if (state === '(idle)') {
    totals.idle += ms
    return
  }
  const module = state ?? moduleOf(leaf!.callFrame.url)
  totals.byPackage.add(state ?? packageOf(module), ms)
  totals.byModule.add(module, ms)
  totals.byFunction.add(state ?? frameName(leaf!), ms)
  const counted = new Set<string>()
  for (const frame of [leaf!, ...callers]) {
    if (!/^(server|shared|e2e|widget)\//.test(moduleOf(frame.callFrame.url))) continue
    const name = frameName(frame)
    if (!counted.has(name)) totals.inclusive.add(name, ms)
    counted.add(name)
  }
}

function print(title: string, tally: Tally, top: number): void {
  const busy = totals.sampled - totals.idle
  console.log(`\n## ${title}`)
  for (const [key, ms] of [...tally].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${(ms / 1000).toFixed(2).padStart(8)} s ${((100 * ms) / busy).toFixed(1).padStart(5)} %  ${key}`)
}

function profilesIn(paths: string[]): string[] {
  return paths.flatMap((path) =>
    statSync(path).isDirectory()
      ? readdirSync(path)
          .filter((name) => name.endsWith('.cpuprofile'))
          .map((name) => join(path, name))
      : [path],
  )
}

function main(argv: string[]): void {
  const topAt = argv.indexOf('--top')
  const top = topAt >= 0 ? Number(argv[topAt + 1]) : 25
  const files = profilesIn(argv.filter((_, index) => index !== topAt && index !== topAt + 1))
  for (const file of files) addProfile(JSON.parse(readFileSync(file, 'utf8')) as Profile)
  const seconds = (ms: number) => (ms / 1000).toFixed(1)
  console.log(`${files.length} profiles: ${seconds(totals.sampled)} s sampled, ${seconds(totals.sampled - totals.idle)} s busy (shares below are of busy)`)
  print('self time by package or folder', totals.byPackage, top)
  print('self time by module', totals.byModule, top)
  print('self time by function', totals.byFunction, top)
  print("inclusive time of svc's own functions", totals.inclusive, top)
}

if (process.argv[1]?.endsWith('cpu-profile-summary.ts')) main(process.argv.slice(2))
