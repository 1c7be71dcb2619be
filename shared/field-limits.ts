/**
 * @module The longest each limited text field of the console may be
 * (besides an ad's, in `ad-limits.ts`): one table the server's rules
 * refuse by and the console's forms limit their fields to (`maxlength`
 * and a live counter), so a form never lets someone type what the server
 * would then refuse. Lengths count UTF-16 code units, as `maxlength` does.
 */

/** A person's name (the name shown, given and family names): sign-up, invitations, the account page, People. */
export const PERSON_NAME_MAX = 200

/** An organisation's name. */
export const ORGANISATION_NAME_MAX = 200

/** A client application's name, as its users see it on the consent page. */
export const CLIENT_NAME_MAX = 200

/** A web address a client registers: a redirect or sign-out URI, its webhook URL. */
export const CLIENT_URI_MAX = 2048

/**
 * An API key's rate limit, in requests a minute: what a key gets when
 * none is given, and the whole numbers the server takes.
 */
export const API_KEY_RATE_LIMIT = { default: 600, min: 1, max: 100_000_000 } as const

/**
 * An API key's allowed origins, all of them as one line separated by
 * spaces (as the console's field holds them): about forty long origins,
 * far more than a site has, and a bound on what every ads request checks.
 */
export const API_KEY_ORIGINS_MAX = 4096

/** The account page's profile fields. */
export const PROFILE_LIMITS = {
  name: PERSON_NAME_MAX,
  given_name: PERSON_NAME_MAX,
  family_name: PERSON_NAME_MAX,
  picture: 2000,
} as const satisfies Record<string, number>
