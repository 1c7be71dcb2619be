/**
 * @module The management API's default call rate, apart from its
 * middleware so the settings table (read by every command) can name it
 * without loading the API.
 */

/**
 * Calls one token may make a minute by default: 600 (10 a second, 36,000
 * an hour). GitHub gives a token 5,000 an hour and Stripe a key 100 a
 * second; svc is one process, often on SQLite, so it sits between: a CMS
 * syncing a thousand ads is done in two minutes, and a runaway loop is
 * stopped long before it slows the ads API partner pages call.
 */
export const DEFAULT_API_REQUESTS_PER_MINUTE = 600
