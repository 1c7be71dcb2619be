/**
 * @module Build and test configuration: Vitest runs the server and shared
 * unit tests beside their code and the cross-process tests in `e2e/`.
 */
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
