/**
 * @module `report`: an organisation's ad report on the command line, the
 * same numbers as the console's Reports page: a table on stdout, or the
 * console API's JSON with `--json`.
 */
import { type AdReport, shownRate } from '../../shared/ad-report.js'
import { adReport } from '../ad-statistics/ad-reports.js'
import { InvalidReportRequest, reportRangeOf } from '../ad-statistics/report-range.js'
import { organisationByCode } from '../orgs/organisations.js'
import { UsageError } from './cli-error.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { parseFlags, required } from './flags.js'

export const REPORT_USAGE =
  'report --org CODE [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--tz ZONE] [--by day|ad|slot] [--ad CODE] [--slot SLUG]'

/**
 * Prints the report of `--org` from `--from` to `--to` (both included; the
 * last 7 days by default) in `--tz` (default UTC).
 *
 * @example
 * await reportCommand(['--org', 'ORG0123456789', '--from', '2025-05-01', '--to', '2025-05-07', '--by', 'ad'], io)
 */
export async function reportCommand(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, {
    org: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    tz: { type: 'string' },
    by: { type: 'string' },
    ad: { type: 'string' },
    slot: { type: 'string' },
  })
  const code = required(values.org, '--org')
  let range
  try {
    range = reportRangeOf(values)
  } catch (error) {
    // The range's messages name the parameter; on the command line it is a flag.
    if (error instanceof InvalidReportRequest)
      throw new UsageError(error.message.startsWith(`${error.field} must`) ? `--${error.message}` : error.message)
    throw error
  }
  return withDatabase(commandSettings(values, io), async (db) => {
    const report = await adReport(db, await organisationByCode(db, code), range)
    return { json: { ...report }, text: reportTable(report) }
  })
}

/**
 * The report as a text table, numbers right-aligned, with a total line.
 *
 * @example
 * reportTable(report) // 'date        impressions  viewable  clicks  viewable rate  CTR\n…'
 */
export function reportTable(report: AdReport): string {
  const heading = `${report.organisation}, ${report.from} to ${report.to} (${report.tz})${report.ad ? `, ad ${report.ad}` : ''}${report.slot ? `, slot ${report.slot}` : ''}`
  const header = [report.by === 'day' ? 'date' : report.by, 'impressions', 'viewable', 'clicks', 'viewable rate', 'CTR']
  const line = (row: Omit<AdReport['rows'][number], 'key'>, key: string) => [
    key,
    String(row.impressions),
    String(row.viewable),
    String(row.clicks),
    shownRate(row.viewable_rate),
    shownRate(row.ctr),
    ...(row.title === undefined ? [] : [row.title]),
  ]
  // Titles and names come last, unpadded: they are long and of any length.
  const named = report.by === 'day' ? [] : [report.by === 'ad' ? 'title' : 'name']
  const body = [[...header, ...named], ...report.rows.map((row) => line(row, row.key)), line(report.totals, 'total')]
  const widths = header.map((_, column) => Math.max(...body.map((cells) => cells[column]!.length)))
  const lines = body.map((cells) =>
    cells
      .map((cell, column) =>
        column >= widths.length ? cell : column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd(),
  )
  return [heading, ...lines].join('\n')
}
