/**
 * @module Marketing › Reports in the console's JSON API: an organisation's
 * ad report (impressions, viewable rate, click-through rate) over a range
 * of dates in the reader's time zone, grouped by day, ad or slot, with the
 * per-day series for the chart. For the organisation's marketers and
 * admins; an operator names any organisation.
 */
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import type { AdReport } from '../../shared/ad-report.js'
import { adReport } from '../ad-statistics/ad-reports.js'
import { reportRangeOf } from '../ad-statistics/report-range.js'
import type { Database } from '../db/schema.js'
import { organisationWithCode } from '../orgs/organisations.js'
import { type ConsoleVariables, consoleError, consoleGuard, refusal } from './console-guard.js'
import type { ConsoleSessions } from './console-sessions.js'

/**
 * Builds the report route, mounted at `/console/api/reports`:
 * `GET /?organisation=CODE&from=2025-05-01&to=2025-05-07&tz=Europe/Berlin&by=day|ad|slot[&ad=CODE][&slot=SLUG]`.
 *
 * @example
 * app.route('/console/api/reports', consoleReportsApi(db, sessions))
 */
export function consoleReportsApi(db: Kysely<Database>, sessions: ConsoleSessions): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>()
  app.use('*', consoleGuard(sessions, 'ads'))

  app.get('/', async (c) => {
    const { roles } = c.get('session')
    const asked = c.req.query('organisation') || undefined
    // An operator chooses the organisation; everyone else reads their own, and naming another finds nothing.
    if (roles.operator && !asked && !roles.organisation) return consoleError(c, 400, 'choose the organisation whose report to show')
    const code = roles.operator ? (asked ?? roles.organisation) : roles.organisation
    if (!roles.operator && asked !== undefined && asked !== code) return consoleError(c, 404, `no organisation ${asked} among yours`)
    const organisation = await organisationWithCode(db, code ?? '')
    if (!organisation) return consoleError(c, 404, `no organisation ${code ?? ''} among yours`)
    try {
      const { from, to, tz, by, ad, slot } = c.req.query()
      const report = await adReport(db, organisation, reportRangeOf({ from, to, tz, by, ad, slot }))
      return c.json(report satisfies AdReport, 200, { 'Cache-Control': 'no-store' })
    } catch (error) {
      return refusal(c, error)
    }
  })
  return app
}
