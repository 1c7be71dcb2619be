/**
 * @module The Hono environment of the ads API: what its middleware sets on
 * the context for the handlers after it.
 */
import type { RequestIdVariables } from 'hono/request-id'
import type { ApiKeyGrant } from '../keys/api-keys.js'

export interface AdsEnv {
  Variables: RequestIdVariables & {
    /** The authorised key, set by `apiKeyAuth`. */
    grant: ApiKeyGrant
  }
}
