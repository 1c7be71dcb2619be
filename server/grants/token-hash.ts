/**
 * @module How a token or code is stored: as the hex SHA-256 of its value, so
 * that a copy of the database holds nothing that can be presented. Its own
 * module because tokens and authorization codes both use it and codes come
 * first in the grant.
 */
import { hash } from 'node:crypto'

/**
 * @example
 * hashToken('abc') // 'ba7816bf…'
 */
// The one-shot `hash` costs a quarter of a `createHash` object's update and digest.
export const hashToken = (value: string): string => hash('sha256', value, 'hex')
