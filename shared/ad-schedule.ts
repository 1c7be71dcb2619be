/**
 * @module Where an ad stands in its schedule, as the console's ad list and
 * the CLI's `ad list` say it: not started yet, running, or ended. The same
 * rule the ads API serves by: from the start (inclusive) to the end
 * (exclusive), written once in {@link scheduleStateBetween}.
 */

export type ScheduleState = 'scheduled' | 'running' | 'ended'

/** The words the console and the CLI show for each state. */
const SCHEDULE_STATE_WORDS: Readonly<Record<ScheduleState, string>> = {
  scheduled: 'Scheduled',
  running: 'Running',
  ended: 'Ended',
}

/**
 * What the console and the CLI call an ad's state: "Running" only for an
 * ad that is served (saved and published); one that is not, though inside
 * its dates, is "Within its dates".
 *
 * @example
 * scheduleWords('running', false) // 'Within its dates'
 */
export function scheduleWords(state: ScheduleState, served: boolean): string {
  return state === 'running' && !served ? 'Within its dates' : SCHEDULE_STATE_WORDS[state]
}

/**
 * The ad's state at `nowMs`, from its start and end (UTC ISO 8601, or null for no bound).
 *
 * @example
 * scheduleState({ starts: '2030-01-01T00:00:00.000Z', ends: null }, Date.now()) // 'scheduled'
 */
export function scheduleState({ starts, ends }: { starts: string | null; ends: string | null }, nowMs: number): ScheduleState {
  return scheduleStateBetween(starts === null ? -Infinity : Date.parse(starts), ends === null ? Infinity : Date.parse(ends), nowMs)
}

/**
 * The state at `nowMs` between a start and an end in epoch milliseconds
 * (±Infinity for no bound): the one rule, which the ads API serves by too.
 *
 * @example
 * scheduleStateBetween(-Infinity, Date.parse('2030-01-01T00:00:00Z'), Date.now()) // 'running'
 */
export function scheduleStateBetween(startsMs: number, endsMs: number, nowMs: number): ScheduleState {
  if (nowMs < startsMs) return 'scheduled'
  if (nowMs >= endsMs) return 'ended'
  return 'running'
}
