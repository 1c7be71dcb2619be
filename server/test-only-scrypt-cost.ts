/**
 * @module The one test-only switch read where a module loads, apart from
 * the settings table (`settings.ts`, which lists and documents it): the
 * password hasher (`accounts/passwords.ts`) sits below every feature and
 * reads its cost factor as it loads, so the reading sits below it too
 * rather than in the table, which stands above the features whose
 * defaults it names.
 */

/**
 * scrypt's cost factor for tests (`TEST_ONLY_SETTINGS` in settings.ts), or
 * `undefined` for the production cost: always outside a Vitest worker.
 *
 * @example
 * const cost = testOnlyScryptCost() ?? 16384
 */
export function testOnlyScryptCost(env: Record<string, string | undefined> = process.env): number | undefined {
  const cost = Number(env.SVC_TEST_ONLY_SCRYPT_COST)
  if (!env.VITEST || !Number.isInteger(cost) || cost < 2 || (cost & (cost - 1)) !== 0) return undefined
  return cost
}
