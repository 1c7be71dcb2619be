/**
 * @module RFC 9110 §13.1.2 If-None-Match: the weak comparison against a
 * list of entity tags or `*`, for every answer svc gives an ETag.
 */

/**
 * True when `header` names `etag` (weakly) or is `*`: the client's copy is current.
 *
 * @example
 * matchesIfNoneMatch('W/"a", "b"', '"a"') // true
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  const opaque = etag.replace(/^W\//, '')
  return header.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag.replace(/^W\//, '') === opaque
  })
}
