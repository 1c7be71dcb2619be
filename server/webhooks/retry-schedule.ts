/**
 * @module The retry schedule of the spec: 8 attempts in all, waiting
 * 1 s, 5 s, 30 s, 5 min, 30 min, 2 h and 12 h before attempts 2 to 8;
 * after the 8th failure the delivery is dead-lettered.
 */

export const MAX_ATTEMPTS = 8
const DELAYS_MS = [1_000, 5_000, 30_000, 300_000, 1_800_000, 7_200_000, 43_200_000]

/**
 * The wait before the next attempt after `attemptsMade` failures, or `undefined` when none is left.
 *
 * @example
 * delayAfterFailure(1) // 1000
 */
export function delayAfterFailure(attemptsMade: number): number | undefined {
  return attemptsMade >= MAX_ATTEMPTS ? undefined : DELAYS_MS[attemptsMade - 1]
}
