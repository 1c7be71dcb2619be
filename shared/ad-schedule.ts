/**
 * @module Where an ad stands in its schedule, as the console's ad list and
 * the CLI's `ad list` say it: not started yet, running, or ended. The same
 * rule as the ads API's: from the start (inclusive) to the end (exclusive).
 */

export type ScheduleState = 'scheduled' | 'running' | 'ended'

/** The words the console and the CLI show for each state. */
export const SCHEDULE_STATE_WORDS: Readonly<Record<ScheduleState, string>> = {
  scheduled: 'Scheduled',
  running: 'Running',
  ended: 'Ended',
}

/**
 * The ad's state at `nowMs`, from its start and end (UTC ISO 8601, or null for no bound).
 *
 * @example
 * scheduleState({ starts: '2030-01-01T00:00:00.000Z', ends: null }, Date.now()) // 'scheduled'
 */
export function scheduleState({ starts, ends }: { starts: string | null; ends: string | null }, nowMs: number): ScheduleState {
  if (starts !== null && nowMs < Date.parse(starts)) return 'scheduled'
  if (ends !== null && nowMs >= Date.parse(ends)) return 'ended'
  return 'running'
}
