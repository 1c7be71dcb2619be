/**
 * @module The management API's pages, for every list (ads, users,
 * deliveries; docs/api.md, Pagination): newest first, `limit` 1 to 100
 * (20 by default), an opaque `cursor` naming the last row of the page
 * before, `{data, next_cursor}`, and the next page's address in a `Link`
 * header (RFC 8288), so a page never repeats or skips a row when others
 * are added meanwhile.
 */
import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { InvalidFields } from './problem-details.js'

/** A page's size when the caller names none, and the most one page holds. */
export const DEFAULT_PAGE = 20
export const MAX_PAGE = 100
/** The position of a list paged by row id: a positive integer. */
export const ROW_ID = /^[1-9][0-9]{0,15}$/

const LIMIT_RULE = `limit must be an integer from 1 to ${MAX_PAGE}`

/** The query parameters of a page. */
export const pageQuery = {
  limit: z.coerce.number({ error: LIMIT_RULE }).int(LIMIT_RULE).min(1, LIMIT_RULE).max(MAX_PAGE, LIMIT_RULE).default(DEFAULT_PAGE),
  cursor: z.string().max(200).optional().openapi({ description: 'The `next_cursor` of the page before.' }),
}

/**
 * A page's schema: its rows and the cursor of the next one.
 *
 * @example
 * const UserPageSchema = pageSchema(ManagedUserSchema, 'ManagedUserPage')
 */
export function pageSchema<T extends z.ZodType>(row: T, name: string) {
  return z
    .object({
      data: z.array(row),
      next_cursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
    })
    .openapi(name)
}

/**
 * An opaque cursor for the row after which the next page starts; `kind`
 * keeps one list's cursor from being taken by another.
 *
 * @example
 * cursorOf('users', '42')
 */
export const cursorOf = (kind: string, position: string): string => Buffer.from(`${kind}:${position}`).toString('base64url')

/**
 * The position a cursor of `kind` names, checked by `shape`; a 400
 * naming `cursor` for anything this API did not give.
 *
 * @example
 * const beforeId = Number(positionOfCursor('users', cursor, /^[1-9][0-9]{0,15}$/))
 */
export function positionOfCursor(kind: string, cursor: string, shape: RegExp): string {
  const text = Buffer.from(cursor, 'base64url').toString()
  const position = text.startsWith(`${kind}:`) ? text.slice(kind.length + 1) : undefined
  if (position === undefined || !shape.test(position))
    throw new InvalidFields(400, 'cursor is not one this API gave', [
      { parameter: 'cursor', detail: 'cursor must be the next_cursor of a page' },
    ])
  return position
}

/**
 * Cuts the `limit + 1` rows read into the page and the next cursor, and
 * sets the `Link` header when there is a next page.
 *
 * @example
 * const { page, next } = pageOf(c, rows, limit, (row) => cursorOf('users', String(row.id)))
 */
export function pageOf<R>(c: Context, rows: R[], limit: number, cursorAfter: (row: R) => string): { page: R[]; next: string | null } {
  const page = rows.slice(0, limit)
  const next = rows.length > limit ? cursorAfter(page.at(-1)!) : null
  if (next !== null) {
    const url = new URL(c.req.url)
    url.searchParams.set('cursor', next)
    c.header('Link', `<${url.pathname}${url.search}>; rel="next"`)
  }
  return { page, next }
}
