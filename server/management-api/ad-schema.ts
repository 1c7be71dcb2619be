/**
 * @module The ad's fields in the OpenAPI document, written once: the
 * public ads API gives partner pages what an ad shows (`PublicAd`), and
 * the management API gives its owner that and how it is run (`ManagedAd`:
 * its organisation, status, publishing, schedule, weight and dates). The
 * management shape extends the public one, so a field added to what
 * partner pages see reaches both descriptions, and the two can differ only
 * by what the public must not see.
 */
import { z } from '@hono/zod-openapi'
import { AD_IMAGES_MAX } from '../../shared/ads-wire.js'
import { AD_STATUSES } from '../ads/ad-input.js'

/** An ad as the public ads API answers it (`shared/ads-wire.ts`, docs/ads/api.md). */
export const PublicAdSchema = z
  .object({
    code: z.string().openapi({ example: 'ADS4820019375', description: "The ad's identifier in every svc API." }),
    title: z.string(),
    label: z.string(),
    url: z.string(),
    link: z.string(),
    target: z.enum(['_self', '_blank']),
    size: z.string().nullable(),
    display: z.string().openapi({ description: 'The slot the ad shows in; the ads API matches its slug.' }),
    tags: z.string().nullable(),
    description: z.string().openapi({ description: 'Sanitised HTML; still treat it as HTML.' }),
    image: z.string(),
    images: z.array(z.string()).max(AD_IMAGES_MAX),
  })
  .openapi('PublicAd')

/** An ad as the management API answers it: the public fields and how the ad is run. */
export const ManagedAdSchema = PublicAdSchema.extend({
  organisation: z.string().openapi({ example: 'ORG0123456789' }),
  status: z.enum(AD_STATUSES),
  publish: z.number().int().min(0).max(1).openapi({ description: '1: served by the ads API (with status saved, inside its schedule).' }),
  starts: z.string().nullable().openapi({ description: 'ISO 8601 in UTC, or null for at once.' }),
  ends: z.string().nullable().openapi({ description: 'ISO 8601 in UTC, or null for never.' }),
  weight: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
}).openapi('ManagedAd')

export type ManagedAd = z.infer<typeof ManagedAdSchema>
