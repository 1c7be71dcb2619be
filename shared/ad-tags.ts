/**
 * @module The tag rule: an ad's comma-separated `tags`, and the ads API's
 * `tags` parameter, compared as trimmed, case-folded words.
 */

/**
 * An ad's `tags` (or the `tags` parameter) as the set they are matched by:
 * comma-separated, trimmed, case-folded, empty entries dropped.
 *
 * @example
 * foldTags(' Winter, SALE,,') // ['winter', 'sale']
 */
export function foldTags(tags: string | null): string[] {
  if (!tags) return []
  return tags
    .split(',')
    .map((tag) => tag.trim().toLowerCase())
    .filter((tag) => tag !== '')
}
