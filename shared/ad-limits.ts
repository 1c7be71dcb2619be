/**
 * @module The longest each of an ad's fields may be: one table that the
 * server's rules (`server/ads/ad-input.ts`) refuse by and the console's
 * ad editor limits its fields to, so the form never lets an author type
 * what the server would then refuse, nor stops short of what it takes.
 * Lengths are counted as JavaScript counts them (UTF-16 code units), which
 * is how both `maxlength` and zod's `.max()` count.
 */

/** The longest text each of an ad's text fields may hold, after trimming. */
export const AD_TEXT_MAX = {
  title: 200,
  label: 300,
  link: 80,
  size: 50,
  display: 100,
  tags: 500,
} as const satisfies Record<string, number>

/** An ad's text field that has a limit. */
export type AdTextField = keyof typeof AD_TEXT_MAX

/** The longest address (link or image) an ad may hold. */
export const AD_URL_MAX = 2048

/** The longest description an ad may hold, as HTML before it is sanitised. */
export const AD_DESCRIPTION_MAX = 50_000
