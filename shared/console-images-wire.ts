/**
 * @module The wire type of the console's image upload (`POST
 * /console/api/images`), as the server answers it and the image field reads it.
 */

/** An image stored: its absolute URL at the issuer, to put on an ad. */
export interface ConsoleImageAnswer {
  url: string
}
