// @module How much CPU Chromium spends in a test run, against the rest of
// the run: runs a command (by default a fixed sample of e2e files, or
// `--wtr`, the component tests) and samples Linux's /proc for its whole
// process tree every 100 ms, so that a launch flag or a change to the
// browser tests can be judged by CPU-seconds rather than by wall time,
// which a shared machine makes meaningless.
//
// Usage (after `npm run build`: the e2e files serve dist/):
//   node scripts/measure-chromium-cpu.mjs [--runs N] [--threads] [--wtr | -- COMMAND...]
// e.g. SVC_TEST_CHROMIUM_ARGS='--renderer-process-limit=2' node scripts/measure-chromium-cpu.mjs --runs 2
//
// Each process of the tree is attributed by what it is (Chromium's by
// their `--type`, Vitest, svc-bff, the rest), and followed by pid and start
// time even once orphaned: a test worker that exits leaves its Chromium to
// init, whose CPU the kernel then adds to no one's children's time, so
// `time` and getrusage miss most of Chromium. What a process used between
// its last sample and its end is found in its parent's reaped-children time
// and given to its kind, so short-lived renderers count whole; only an
// orphan's last 100 ms is lost. `--threads` also names Chromium's busiest
// threads (its main threads, Compositor, the thread pool, V8's workers),
// which says where a page's CPU goes.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'

const SAMPLE_FILES = [
  'e2e/console-ads.test.ts',
  'e2e/ads-real-world.test.ts',
  'e2e/console-forms.test.ts',
  'e2e/console-header.test.ts',
  'e2e/account-page.test.ts',
]
const SAMPLE_EVERY_MS = 100
const TICKS_PER_SECOND = 100

const args = process.argv.slice(2)
const option = (name) => args.includes(name)
const runs = Number(args[args.indexOf('--runs') + 1]) || 1
const separator = args.indexOf('--')
const command = separator >= 0 ? args.slice(separator + 1) : option('--wtr') ? ['node_modules/.bin/wtr'] : ['node_modules/.bin/vitest', 'run', '--project', 'sqlite', ...SAMPLE_FILES]

/** One line of /proc/PID/stat as numbers we use, or null once the process is gone. */
function readStat(path) {
  let text
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    return null
  }
  // The command name, in parentheses, may hold spaces: fields are counted after its closing one.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  return {
    comm: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')),
    parent: Number(fields[1]),
    own: Number(fields[11]) + Number(fields[12]),
    reaped: Number(fields[13]) + Number(fields[14]),
    start: fields[19],
  }
}

/** What a process is: `chromium:<type>` for Chromium's, else the test runner's part it plays. */
function kindOf(pid) {
  let exe = ''
  let commandLine = ''
  try {
    exe = readlinkSync(`/proc/${pid}/exe`)
    commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
  } catch {
    return 'other:gone'
  }
  if (exe.includes('/chromium') || exe.includes('headless_shell')) {
    if (exe.endsWith('chrome_crashpad_handler')) return 'chromium:crashpad'
    const type = /--type=([\w-]+)/.exec(commandLine)?.[1] ?? 'browser'
    const subType = /--utility-sub-type=[\w.]*?(\w+)Service\b/.exec(commandLine)?.[1]
    return `chromium:${type}${subType ? `:${subType}` : ''}`
  }
  if (/dist\/server\/cli\.js|svc-bff|server\/cli\.ts/.test(commandLine)) return 'svc-bff'
  if (commandLine.includes('vitest')) return 'vitest'
  if (/\bwtr\b|web-test-runner/.test(commandLine)) return 'wtr'
  return `other:${exe.split('/').pop()}`
}

/**
 * Follows one command's process tree. Each process seen is kept under
 * `pid:start` (pids are reused) with its last own and reaped-children CPU.
 */
function treeSampler(rootPid, withThreads) {
  const tracked = new Map()
  const cpuByKind = new Map()
  /** The last kind of each process seen, to count them. */
  const kindByProcess = new Map()
  const threads = new Map()
  /** Per parent: the children that ended since its reaped time last grew, and reaped time not yet matched to any. */
  const unmatched = new Map()
  const credit = (kind, ticks) => cpuByKind.set(kind, (cpuByKind.get(kind) ?? 0) + ticks)

  function sampleThreads(pid, key, kind) {
    let tids
    try {
      tids = readdirSync(`/proc/${pid}/task`)
    } catch {
      return
    }
    for (const tid of tids) {
      const stat = readStat(`/proc/${pid}/task/${tid}/stat`)
      if (stat) threads.set(`${key}:${tid}`, { name: `${kind.split(':')[1]}/${stat.comm.replace(/\d+$/, '')}`, own: stat.own })
    }
  }

  /**
   * An ended process with the ended children it was not yet seen to reap
   * (a test worker and its Chromium can end within one sample): each with
   * what has been credited for it so far.
   */
  function endedSubtree(entry) {
    const pending = unmatched.get(entry.key)
    const parts = [{ entry, credited: entry.own + entry.reaped - (pending?.ticks ?? 0) }]
    for (const child of pending?.children ?? []) parts.push(...endedSubtree(child))
    return parts
  }

  /** Matches a parent's newly reaped time to the children seen ending; what no sample saw goes to their kinds. */
  function settleReaped(parentKey, parentKind, grown) {
    const pending = unmatched.get(parentKey) ?? { ticks: 0, children: [] }
    pending.ticks += grown
    const parts = pending.children.flatMap(endedSubtree)
    const seen = parts.reduce((sum, part) => sum + part.credited, 0)
    // The parent's stat may have been read just before it reaped a child the same sample found gone.
    if (pending.ticks < seen) return unmatched.set(parentKey, pending)
    const unseen = pending.ticks - seen
    const weight = parts.reduce((sum, part) => sum + part.entry.own + 1, 0)
    if (parts.length === 0) credit(parentKind, unseen)
    for (const part of parts) {
      credit(part.entry.kind, (unseen * (part.entry.own + 1)) / weight)
      unmatched.delete(part.entry.key)
    }
    unmatched.delete(parentKey)
  }

  function sample(selfReaped) {
    const now = new Map()
    for (const name of readdirSync('/proc')) if (/^\d+$/.test(name)) now.set(Number(name), readStat(`/proc/${name}/stat`))
    const inTree = (pid, depth = 0) => {
      const stat = now.get(pid)
      if (!stat || depth > 64) return false
      return pid === rootPid || tracked.has(`${pid}:${stat.start}`) || inTree(stat.parent, depth + 1)
    }
    const ended = []
    for (const [key, entry] of tracked) {
      const stat = now.get(entry.pid)
      if (!stat || stat.start !== entry.start) {
        ended.push(entry)
        tracked.delete(key)
      }
    }
    for (const entry of ended) {
      const pending = unmatched.get(entry.parentKey) ?? { ticks: 0, children: [] }
      pending.children.push(entry)
      unmatched.set(entry.parentKey, pending)
    }
    for (const [pid, stat] of now) {
      if (!stat || !inTree(pid)) continue
      const key = `${pid}:${stat.start}`
      let entry = tracked.get(key)
      if (!entry) {
        const parentStat = now.get(stat.parent)
        const parentKey = pid === rootPid || !parentStat ? 'self' : `${stat.parent}:${parentStat.start}`
        entry = { key, pid, start: stat.start, comm: stat.comm, kind: kindOf(pid), own: 0, reaped: 0, parentKey }
        tracked.set(key, entry)
      }
      // An exec keeps the pid and start time (the headless shell starts as a shell script, whose
      // child, caught before its exec, has the same 15-character name as the browser it becomes),
      // and a renderer forked from the zygote takes its own command line only once it starts.
      if (entry.comm !== stat.comm || entry.kind === 'chromium:zygote' || entry.kind.startsWith('other:'))
        Object.assign(entry, { comm: stat.comm, kind: kindOf(pid) })
      kindByProcess.set(key, entry.kind)
      credit(entry.kind, stat.own - entry.own)
      const grown = stat.reaped - entry.reaped
      entry.own = stat.own
      entry.reaped = stat.reaped
      if (grown > 0 || unmatched.has(key)) settleReaped(key, entry.kind, grown)
      if (withThreads && entry.kind.startsWith('chromium')) sampleThreads(pid, key, entry.kind)
    }
    if (selfReaped !== undefined) settleReaped('self', 'other:root', selfReaped)
  }

  return { sample, cpuByKind, kindByProcess, threads }
}

/** CPU ticks of the children this process has waited for, with what each of them waited for in turn. */
function selfReapedTicks() {
  return readStat('/proc/self/stat').reaped
}

function runOnce(withThreads) {
  return new Promise((resolve) => {
    const reapedBefore = selfReapedTicks()
    const loadBefore = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
    const started = Date.now()
    const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const sampler = treeSampler(child.pid, withThreads)
    const timer = setInterval(() => sampler.sample(), SAMPLE_EVERY_MS)
    child.on('close', (code) => {
      clearInterval(timer)
      sampler.sample(selfReapedTicks() - reapedBefore)
      const total = [...sampler.cpuByKind.values()].reduce((sum, ticks) => sum + ticks, 0)
      resolve({ code, total, output, seconds: (Date.now() - started) / 1000, loadBefore, ...sampler })
    })
  })
}

const seconds = (ticks) => (ticks / TICKS_PER_SECOND).toFixed(1)

function report(run) {
  const byKind = [...run.cpuByKind].sort((a, b) => b[1] - a[1])
  const chromium = byKind.filter(([kind]) => kind.startsWith('chromium'))
  const chromiumTicks = chromium.reduce((sum, [, ticks]) => sum + ticks, 0)
  const rest = byKind.filter(([kind]) => !kind.startsWith('chromium'))
  const restTicks = rest.reduce((sum, [, ticks]) => sum + ticks, 0)
  const count = (kind) => [...run.kindByProcess.values()].filter((each) => each === kind).length
  const kinds = (list) =>
    list
      .filter(([, ticks]) => ticks >= 10)
      .map(([kind, ticks]) => `${kind.replace('chromium:', '')} ${seconds(ticks)}${count(kind) > 1 ? ` ×${count(kind)}` : ''}`)
      .join(', ')
  const loadAfter = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
  // Vitest's and wtr's count of tests, so that a file's CPU can be put per test.
  const tests = /^\s*Tests\s+(.*?)\s*$/m.exec(run.output.replace(/\x1b\[[\d;]*m/g, ''))?.[1]
  console.log(
    `chromium ${seconds(chromiumTicks)} CPU-s (${kinds(chromium)}) | rest ${seconds(restTicks)} (${kinds(rest)}) | ` +
      `total ${seconds(run.total)} | wall ${run.seconds.toFixed(0)} s | exit ${run.code}${tests ? ` | tests ${tests}` : ''} | load ${run.loadBefore} -> ${loadAfter}`,
  )
  if (run.threads.size > 0) {
    const byName = new Map()
    for (const { name, own } of run.threads.values()) byName.set(name, (byName.get(name) ?? 0) + own)
    const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 16)
    console.log(`  chromium threads: ${top.map(([name, ticks]) => `${name} ${seconds(ticks)}`).join(', ')}`)
  }
  if (run.code !== 0) console.log(run.output.split('\n').slice(-40).join('\n'))
  return chromiumTicks
}

console.log(`$ ${command.join(' ')}${process.env.SVC_TEST_CHROMIUM_ARGS ? `  (SVC_TEST_CHROMIUM_ARGS=${process.env.SVC_TEST_CHROMIUM_ARGS})` : ''}`)
const chromiumRuns = []
for (let round = 0; round < runs; round += 1) chromiumRuns.push(report(await runOnce(option('--threads'))))
if (runs > 1) console.log(`chromium over ${runs} runs: ${chromiumRuns.map(seconds).join(', ')} CPU-s`)
