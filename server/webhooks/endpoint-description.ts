/**
 * @module The rule for a webhook endpoint's description: a short note for
 * people ("Orders service, staging"), any script or direction, one line.
 */
import { InvalidInput } from '../invalid-input.js'

/** As long as a sentence or two; the list shows it whole. */
export const MAX_DESCRIPTION_LENGTH = 200

/**
 * The description, trimmed; an {@link InvalidInput} for `field` when too long or holding control characters.
 *
 * @example
 * endpointDescription('  Orders service ') // 'Orders service'
 */
export function endpointDescription(value: string, field = 'description'): string {
  const text = value.trim()
  if (/[\u0000-\u001f\u007f]/.test(text)) throw new InvalidInput(field, `${field} must be one line without control characters`)
  if ([...text].length > MAX_DESCRIPTION_LENGTH) throw new InvalidInput(field, `${field} must be at most ${MAX_DESCRIPTION_LENGTH} characters`)
  return text
}
