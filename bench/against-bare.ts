/**
 * @module Measured rounds of svc against a bare `node:http` baseline, and
 * the lines that report them. In each round both servers are loaded at
 * once, each by connections of its own, on the one core the servers share
 * (the load generator has the others): the scheduler gives each the same
 * share of the same core at the same moments, so the ratio of their
 * throughputs is the ratio of what an answer costs each. Loading one after
 * the other instead, the machine changed between the two halves of a round
 * by more than the difference measured (rounds of one run from 0.62 to
 * 1.04; concurrent rounds agree within 0.03). The report gives every round,
 * the CPU each server spent per answer, and the medians.
 */
import { type LoadResult, type ServerProcess, withCpuPerAnswer } from './load.js'

type Measured = LoadResult & { cpuMicrosecondsPerAnswer: number }

export interface Round {
  bare: Measured
  svc: Measured
}

/**
 * Runs a warm-up, then `rounds` measured rounds, loading both servers at once.
 *
 * @example
 * const measured = await roundsAgainstBare({ bare, svc, rounds: 3, seconds: 5, load: (url, seconds) => load({ url, seconds }) })
 */
export async function roundsAgainstBare({
  bare,
  svc,
  rounds,
  seconds,
  load,
}: {
  bare: { server: ServerProcess; url: string }
  svc: { server: ServerProcess; url: string }
  rounds: number
  seconds: number
  load: (url: string, seconds: number) => Promise<LoadResult>
}): Promise<Round[]> {
  await warmUp([bare.url, svc.url], load)
  const measured: Round[] = []
  for (let round = 0; round < rounds; round++) {
    const [bareResult, svcResult] = await Promise.all([
      withCpuPerAnswer(bare.server, () => load(bare.url, seconds)),
      withCpuPerAnswer(svc.server, () => load(svc.url, seconds)),
    ])
    measured.push({ bare: bareResult, svc: svcResult })
  }
  return measured
}

/** Answers each server gives before the rounds, so that V8 has compiled its hot path (on a busy machine 2 s may be a few hundred). */
const WARM_UP_ANSWERS = 5000
const WARM_UP_MAX_LOADS = 8

/** Loads each server 2 s at a time until it has given {@link WARM_UP_ANSWERS} answers (or 8 loads went by). */
async function warmUp(urls: string[], load: (url: string, seconds: number) => Promise<LoadResult>): Promise<void> {
  await Promise.all(
    urls.map(async (url) => {
      let answers = 0
      for (let loads = 0; answers < WARM_UP_ANSWERS && loads < WARM_UP_MAX_LOADS; loads++) answers += (await load(url, 2)).requests
    }),
  )
}

const throughputRatio = (round: Round) => round.svc.requestsPerSecond / round.bare.requestsPerSecond
const cpuRatio = (round: Round) => round.bare.cpuMicrosecondsPerAnswer / round.svc.cpuMicrosecondsPerAnswer

/** What a figure against bare must reach: the throughput ratio svc/bare, and the CPU-per-answer ratio bare/svc if given. */
export interface GoalsAgainstBare {
  throughput?: number
  cpu?: number
}

/** What a report calls the two servers of a pair: in its rows, and in its ratios' names. */
export interface PairNames {
  baseline: { name: string; short: string }
  measured: { name: string; short: string }
}

const BARE_AND_SVC: PairNames = { baseline: { name: 'bare node:http', short: 'bare' }, measured: { name: 'svc', short: 'svc' } }

/**
 * Prints each round and the median ratios, each with its goal and `met` or
 * `MISSED`; returns the medians.
 *
 * @example
 * reportAgainstBare('ads API: GET /ads/…', measured, { throughput: 0.93, cpu: 0.9 })
 */
export function reportAgainstBare(
  title: string,
  rounds: Round[],
  goals: GoalsAgainstBare,
  { baseline, measured }: PairNames = BARE_AND_SVC,
): { throughput: number; cpu: number } {
  const row = (name: string, r: Measured) =>
    `  ${name.padEnd(16)} ${r.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50Ms).padStart(3)} ms   p99 ${String(r.p99Ms).padStart(3)} ms   CPU ${r.cpuMicrosecondsPerAnswer.toFixed(1).padStart(5)} µs/answer   non-2xx ${r.non2xx}   errors ${r.errors}`
  console.log(title)
  for (const [index, round] of rounds.entries()) {
    console.log(`  round ${index + 1}: throughput ratio ${throughputRatio(round).toFixed(2)}, CPU ratio ${cpuRatio(round).toFixed(2)}`)
    console.log(row(baseline.name, round.bare))
    console.log(row(measured.name, round.svc))
  }
  const throughputs = rounds.map(throughputRatio)
  const cpus = rounds.map(cpuRatio)
  const medians = { throughput: median(throughputs), cpu: median(cpus) }
  verdict(`throughput ratio ${measured.short}/${baseline.short}`, medians.throughput, throughputs, goals.throughput)
  verdict(`CPU per answer ${baseline.short}/${measured.short}`, medians.cpu, cpus, goals.cpu)
  return medians
}

/** One figure's line: the median, the rounds' range, and the goal met or MISSED (no goal: the figure alone). */
function verdict(name: string, value: number, rounds: number[], goal: number | undefined): void {
  const range = `rounds ${Math.min(...rounds).toFixed(2)}–${Math.max(...rounds).toFixed(2)}`
  const judged = goal === undefined ? '' : `; goal >= ${goal.toFixed(2)}: ${value >= goal ? 'met' : 'MISSED'}`
  console.log(`  ${name}, median of rounds: ${value.toFixed(2)} (${range}${judged})`)
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
}
