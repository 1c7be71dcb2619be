/**
 * @module The one error every write path (CLI, admin, repositories) raises
 * for input it refuses, naming the field so the message can be shown
 * beside it.
 */

import { Refusal } from './refusal.js'

/**
 * Input that breaks a rule; `message` names the field and the rule.
 *
 * @example
 * throw new InvalidInput('target', 'target must be _self or _blank')
 */
export class InvalidInput extends Refusal {
  override name = 'InvalidInput'
  readonly status: number = 422
  constructor(
    override readonly field: string,
    message: string,
  ) {
    super(message)
  }
}
