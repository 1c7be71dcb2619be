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

/** The account page's profile fields. */
export const PROFILE_LIMITS = {
  name: PERSON_NAME_MAX,
  given_name: PERSON_NAME_MAX,
  family_name: PERSON_NAME_MAX,
  picture: 2000,
} as const satisfies Record<string, number>
