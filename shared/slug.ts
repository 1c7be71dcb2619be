/**
 * @module The display-slot slug rule of the ads API, shared by the server
 * (which matches slugs against stored slots) and the widget (which builds
 * request URLs from its `display` attribute).
 */

/** The slug that applies no slot filter, the same as omitting it. */
export const ANYWHERE = 'anywhere'

/**
 * Turns a slug into the slot name it stands for: dashes become spaces and
 * each word is title-cased.
 *
 * @example
 * displayNameFromSlug('home-slider-ads') // 'Home Slider Ads'
 */
export function displayNameFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ')
}

/**
 * The key two slot names are compared by: case-folded, with dashes and runs
 * of white space read as one space. The spec matches a slug's title-cased
 * name case-insensitively; folding dashes too means a slot named
 * `Pre-Roll Ads` is still reachable as `pre-roll-ads`, which a strict
 * reading would make unreachable.
 *
 * @example
 * slotKey('Home  Slider-Ads') === slotKey(displayNameFromSlug('home-slider-ads')) // true
 */
export function slotKey(displayName: string): string {
  return displayName
    .replace(/[\s-]+/gu, ' ')
    .trim()
    .toLowerCase()
}

/**
 * The slug a page asks for a slot by: its key with dashes for spaces, the
 * inverse of {@link displayNameFromSlug} up to case.
 *
 * @example
 * slugOfSlot('Home Slider Ads') // 'home-slider-ads'
 */
export function slugOfSlot(displayName: string): string {
  return slotKey(displayName).replaceAll(' ', '-')
}
