/**
 * @module A library most starts never need (the PostgreSQL driver on
 * SQLite, mail, the HTML sanitiser, openid-client), loaded by the first
 * call that needs it instead of at start: each one loaded at start is paid
 * by every start, before `/readyz` answers (`npm run bench -- start`).
 * `e2e/lazy-start.test.ts` guards that a start on an existing database
 * loads none of them.
 */

/** Raised when a library svc loads on first use cannot be loaded; the message names it and what it is for. */
export class LibraryUnavailable extends Error {
  override name = 'LibraryUnavailable'
}

/**
 * Returns a function that loads the library on its first call and hands
 * every later call the same module. A failed load is reported as
 * {@link LibraryUnavailable} and tried again by the next call.
 *
 * @example
 * const nodemailer = loadedOnFirstUse('nodemailer', 'sending mail', async () => (await import('nodemailer')).default)
 * const transport = (await nodemailer()).createTransport({ url })
 */
export function loadedOnFirstUse<T>(library: string, purpose: string, load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw new LibraryUnavailable(`cannot load ${library}, which svc needs for ${purpose}: ${(error as Error).message}`, { cause: error })
    }))
}
