/**
 * @module svc's own field rules (the functions the CLI, the console and
 * the repositories call, which throw an `InvalidInput`) run inside a zod
 * schema, so the management API refuses what they refuse, in their
 * words, together with zod's own refusals and each under its field.
 */
import type { z } from '@hono/zod-openapi'
import { Refusal } from '../refusal.js'

/**
 * A zod check that applies `rule` to the value: a refusal becomes an issue with the rule's message.
 *
 * @example
 * z.number().int().superRefine(byRule(rateLimitOf))
 */
export function byRule<T>(rule: (value: T) => unknown) {
  return function checkByRule(value: T, context: z.RefinementCtx): void {
    try {
      rule(value)
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      context.addIssue({ code: 'custom', message: error.message })
    }
  }
}

/**
 * The message of a strict object's unknown field, as the ads schemas word it.
 *
 * @example
 * z.strictObject(fields, { error: unknownField })
 */
export const unknownField = (issue: { code?: string; keys?: readonly PropertyKey[] }) =>
  issue.code === 'unrecognized_keys' ? `unknown field ${String(issue.keys?.[0])}` : undefined
