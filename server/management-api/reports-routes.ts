/**
 * @module The management API's ad report: the console's Reports and
 * `svc-bff report` in one GET, with the same parameters (a range of dates
 * in a time zone, grouped by day, ad or slot, narrowed to an ad or a
 * slot) and the same numbers, since it calls the same module
 * (`ad-statistics/ad-reports.ts`) and checks the request with the same
 * rules (`report-range.ts`).
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import { MAX_REPORT_DAYS, REPORT_GROUPINGS } from '../../shared/ad-report.js'
import { adReport } from '../ad-statistics/ad-reports.js'
import { InvalidReportRequest, reportRangeOf } from '../ad-statistics/report-range.js'
import type { Database } from '../db/schema.js'
import { API_BASE, problemResponses } from './api-document.js'
import { type ApiVariables, requireScope, workingOrganisation } from './bearer-token.js'
import { InvalidFields } from './problem-details.js'

const rate = z.number().nullable()

const ReportRowSchema = z
  .object({
    key: z.string().openapi({ description: "The day (`2025-05-01`, in the report's zone), the ad's code or the slot's slug." }),
    title: z.string().optional().openapi({ description: "The ad's title, or the slot's name, while an ad still names it." }),
    impressions: z.number().int(),
    viewable: z.number().int().openapi({ description: 'Impressions in view for one second (IAB/MRC display rule).' }),
    clicks: z.number().int(),
    viewable_rate: rate.openapi({ description: 'viewable / impressions in percent, one decimal; null without impressions.' }),
    ctr: rate.openapi({ description: 'clicks / impressions in percent, one decimal; null without impressions.' }),
  })
  .openapi('AdReportRow')

const AdReportSchema = z
  .object({
    organisation: z.string(),
    from: z.string(),
    to: z.string(),
    tz: z.string(),
    by: z.enum(REPORT_GROUPINGS as ['day', 'ad', 'slot']),
    ad: z.string().optional(),
    slot: z.string().optional(),
    rows: z.array(ReportRowSchema),
    totals: ReportRowSchema.omit({ key: true, title: true }),
    series: z
      .object({
        days: z.array(z.string()),
        impressions: z.array(z.number().int()),
        viewable: z.array(z.number().int()),
        clicks: z.array(z.number().int()),
        viewable_rate: z.array(rate),
        ctr: z.array(rate),
      })
      .openapi({ description: 'Every day of the range, oldest first, with its totals: what the console’s chart draws.' }),
  })
  .openapi('AdReport')

/**
 * Adds the report route to the management API.
 *
 * @example
 * reportsRoutes(api, db, now)
 */
export function reportsRoutes(api: OpenAPIHono<{ Variables: ApiVariables }>, db: Kysely<Database>, now: () => Date): void {
  const read = requireScope(db, 'reports:read', { now })
  const date = (description: string) => z.string().max(40).optional().openapi({ description, example: '2026-05-01' })

  api.openapi(
    createRoute({
      method: 'get',
      path: `${API_BASE}/reports`,
      tags: ['Reports'],
      summary: "The organisation's ad report",
      description: `Scope \`reports:read\`. Impressions, viewable impressions, clicks and their rates over a range of days, grouped by day, ad or slot, as the console's Reports and \`svc-bff report\` show them. Counts are kept per hour; days are cut in \`tz\`. At most ${MAX_REPORT_DAYS} days.`,
      security: [{ managementToken: [] }],
      middleware: [read] as const,
      request: {
        query: z.object({
          from: date('The first day, included (`YYYY-MM-DD`); 7 days before `to` when absent.'),
          to: date('The last day, included (`YYYY-MM-DD`); today in `tz` when absent.'),
          tz: z.string().max(100).optional().openapi({ description: 'An IANA time zone; UTC when absent.', example: 'Europe/Berlin' }),
          by: z
            .enum(REPORT_GROUPINGS as ['day', 'ad', 'slot'], { error: 'by must be day, ad or slot' })
            .optional()
            .openapi({
              description: 'What a row is: a day (the default), an ad or a slot.',
            }),
          ad: z.string().max(100).optional().openapi({ description: "Only this ad's counts (its code)." }),
          slot: z.string().max(200).optional().openapi({ description: "Only this slot's counts (its slug)." }),
          organisation: z.string().max(40).optional().openapi({
            description: "The organisation's code. Only an operator-wide token needs it; an organisation's token reads its own.",
          }),
        }),
      },
      responses: {
        200: { description: 'The report.', content: { 'application/json': { schema: AdReportSchema } } },
        ...problemResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const { organisation: asked, ...query } = c.req.valid('query')
      const organisation = await workingOrganisation(db, c, asked)
      let range
      try {
        range = reportRangeOf(query, now())
      } catch (error) {
        // The rules name a query parameter, not a body field.
        if (error instanceof InvalidReportRequest)
          throw new InvalidFields(400, error.message, [{ parameter: error.field, detail: error.message }])
        throw error
      }
      return c.json(await adReport(db, organisation, range), 200, { 'Cache-Control': 'no-store' })
    },
  )
}
