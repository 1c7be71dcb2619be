/**
 * @module `<svc-console-reports>`: Marketing › Reports, an organisation's
 * impressions, viewable rate and click-through rate over a range of dates
 * in the reader's time zone: a chart (uPlot, loaded only here), a table by
 * day, ad or slot, and the table as a CSV download. The organisation (an
 * operator's choice), the dates and the grouping are kept in the address.
 */
import { css, html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit'
import { type AdReport, type AdReportRow, MAX_REPORT_DAYS, reportCsv, shownRate } from '../../../shared/ad-report.js'
import { ConsoleApiError, consoleApi, type ConsoleMe } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { field, type FieldAria } from '../console-field.js'
import { consoleStyles } from '../console-styles.js'
import { counted } from '../console-words.js'
import { browserTimeZone } from '../../../shared/local-date-time.js'
import { hasOrganisation, noOrganisationYet, organisationPicker, organisationToShow } from '../organisation-choice.js'
import type { ReportChart } from './report-chart.js'

const GROUPINGS = { day: 'Date', ad: 'Ad', slot: 'Slot' } as const

const DAY_MS = 86_400_000

/**
 * What is wrong with a range of dates (`YYYY-MM-DD`, either may be empty),
 * in the console's words and beside the field to change; nothing when the
 * API would take it. Checked in the page so that a reversed or too long
 * range never reaches the API, whose words are a script's.
 */
export function rangeRefusal(from: string, to: string): Record<string, string> {
  if (!from || !to) return {}
  if (from > to) return { from: `Choose a first day on or before the last day, ${to}.` }
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1
  if (days > MAX_REPORT_DAYS) {
    const lastDay = new Date(Date.parse(from) + (MAX_REPORT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10)
    return { to: `A report covers at most ${MAX_REPORT_DAYS} days: choose a last day on or before ${lastDay}.` }
  }
  return {}
}

/**
 * The Reports page.
 *
 * @summary `<svc-console-reports .me=${me}>`
 */
export class SvcConsoleReports extends LitElement {
  static override styles = [
    consoleStyles,
    css`
      .chart {
        min-height: 300px;
        margin-bottom: 1rem;
        overflow: hidden;
      }
      .totals {
        font-variant-numeric: tabular-nums;
      }
      td.number {
        text-align: end;
        font-variant-numeric: tabular-nums;
        /* "50.0%" is one word: it never breaks across two lines. */
        white-space: nowrap;
      }
      @media (max-width: 40rem) {
        td.number {
          text-align: start;
        }
      }
    `,
  ]
  static override properties = { me: { attribute: false } }
  declare me: ConsoleMe
  /** The reader's zone: dates are picked and days counted in it. */
  private readonly tz = browserTimeZone()
  private asked = { organisation: '', from: '', to: '', by: 'day' }
  private chart: ReportChart | undefined
  private chartDrawn: AdReport | undefined
  private readonly resizing = new ResizeObserver(() => this.chart?.resize(this.chartWidth()))
  private readonly report = new ConsoleDataController(this, async (signal) => {
    const { organisation, from, to, by } = this.asked
    const query = new URLSearchParams({ organisation, tz: this.tz, by, ...(from ? { from } : {}), ...(to ? { to } : {}) })
    try {
      const report = await consoleApi<AdReport>('GET', `/reports?${query}`, { signal })
      this.report.errors = {}
      return report
    } catch (error) {
      // A refused range is the form's to fix: its messages go beside its fields.
      this.report.errors = error instanceof ConsoleApiError ? error.fields : {}
      throw error
    }
  })

  override connectedCallback(): void {
    super.connectedCallback()
    const params = new URLSearchParams(location.search)
    this.asked = { organisation: '', from: params.get('from') ?? '', to: params.get('to') ?? '', by: params.get('by') ?? 'day' }
  }

  /**
   * Who is signed in is read again after an organisation is created, and
   * this page can be opened before that answer is in (as the API keys page
   * can): the organisation is chosen again from each new `me`, and the
   * report asked for once there is one.
   */
  override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('me') || !this.me) return
    const organisation = organisationToShow(this.me, new URLSearchParams(location.search))
    if (organisation === this.asked.organisation && changed.get('me') !== undefined) return
    this.asked = { ...this.asked, organisation }
    // A report is one organisation's: with none yet, the page says so and asks nothing.
    if (hasOrganisation(this.me)) this.load()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.resizing.disconnect()
    this.chart?.destroy()
    this.chart = this.chartDrawn = undefined
  }

  override updated(changed: PropertyValues): void {
    super.updated(changed)
    const report = this.report.data
    if (report && report !== this.chartDrawn) void this.drawChart(report)
  }

  private chartWidth(): number {
    return Math.max(240, this.renderRoot.querySelector<HTMLElement>('.chart')?.clientWidth ?? 600)
  }

  private async drawChart(report: AdReport): Promise<void> {
    this.chartDrawn = report
    const { drawReportChart, chartStyles } = await import('./report-chart.js')
    const target = this.renderRoot.querySelector<HTMLElement>('.chart')
    if (this.chartDrawn !== report || !target) return
    if (!this.renderRoot.querySelector('style.uplot-styles')) {
      const style = document.createElement('style')
      style.className = 'uplot-styles'
      style.textContent = chartStyles
      this.renderRoot.append(style)
    }
    this.chart?.destroy()
    this.chart = drawReportChart(target, report, this.chartWidth())
    this.resizing.observe(target)
  }

  private show(event: Event): void {
    event.preventDefault()
    const form = new FormData(event.target as HTMLFormElement)
    const organisation = String(form.get('organisation') ?? this.asked.organisation)
    this.asked = {
      organisation,
      from: String(form.get('from') ?? ''),
      to: String(form.get('to') ?? ''),
      by: String(form.get('by') ?? 'day'),
    }
    const url = new URL(location.href)
    for (const [name, value] of Object.entries(this.asked)) if (value) url.searchParams.set(name, value)
    history.replaceState(history.state, '', url)
    this.load()
  }

  /** Asks for the report the address or the form names, unless its range is refused here. */
  private load(): void {
    const refused = rangeRefusal(this.asked.from, this.asked.to)
    if (Object.keys(refused).length > 0) {
      this.report.errors = refused
      this.requestUpdate()
      return
    }
    // Another organisation's or range's numbers must not stay under the new heading.
    void this.report.load({ fresh: true })
  }

  private downloadCsv(report: AdReport): void {
    const link = document.createElement('a')
    // The byte-order mark tells Excel the file is UTF-8; without it Arabic, Hebrew and emoji titles come out garbled.
    link.href = URL.createObjectURL(new Blob(['\uFEFF', reportCsv(report)], { type: 'text/csv;charset=utf-8' }))
    link.download = `report-${report.organisation}-${report.from}-to-${report.to}-by-${report.by}-${report.tz.replaceAll('/', '-')}.csv`
    link.click()
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000)
  }

  override render(): TemplateResult {
    if (!hasOrganisation(this.me))
      return html`<h1>Reports</h1>
        ${noOrganisationYet(this.me)}`
    const report = this.report.data
    const { errors } = this.report
    return html`
      <h1>Reports</h1>
      <form class="filters" aria-label="Report" @submit=${this.show}>
        ${organisationPicker(this.me, this.asked.organisation)}
        ${field({ id: 'from', label: 'From', error: errors.from }, (a) => this.dateInput(a, 'from', report?.from))}
        ${field({ id: 'to', label: 'To', error: errors.to }, (a) => this.dateInput(a, 'to', report?.to))}
        ${field(
          { id: 'by', label: 'Rows by', error: errors.by },
          (a) =>
            html`<select
              id=${a.id}
              name="by"
              aria-invalid=${a.invalid}
              aria-describedby=${a.describedBy}
              @change=${(event: Event) => (event.target as HTMLSelectElement).form?.requestSubmit()}
            >
              ${Object.entries(GROUPINGS).map(([value, label]) => html`<option value=${value} ?selected=${this.asked.by === value}>${label}</option>`)}
            </select>`,
        )}
        <button type="submit" class="primary">Show</button>
      </form>
      <p class="hint">Days in your time zone, ${this.tz}. Rates are shares of impressions; "—" where there were none.</p>
      ${
        // The fields are above this line, not below it as on the other pages' forms.
        this.report.alert(Object.keys(errors).length === 1 ? 'Fix the date marked above.' : 'Fix the fields marked above.')
      }
      ${
        // A refused range shows no numbers: the last report's chart and totals under the error would read as its answer.
        Object.keys(errors).length > 0 ? nothing : this.report.view('Loading the report…', (shown) => this.reportView(shown), { alerted: true })
      }
    `
  }

  private dateInput(a: FieldAria, name: 'from' | 'to', shown: string | undefined) {
    return html`<input
      id=${a.id}
      name=${name}
      type="date"
      .value=${shown ?? this.asked[name]}
      aria-invalid=${a.invalid}
      aria-describedby=${a.describedBy ?? nothing}
    />`
  }

  private reportView(report: AdReport): TemplateResult {
    const { totals } = report
    const label = GROUPINGS[report.by]
    return html`
      <p class="totals" role="status">
        ${report.from} to ${report.to}: ${counted(totals.impressions, 'impression', 'impressions')}, viewable rate
        ${shownRate(totals.viewable_rate)}, CTR ${shownRate(totals.ctr)}, ${counted(totals.clicks, 'click', 'clicks')}.
      </p>
      <div
        class="chart"
        role="img"
        aria-label="Impressions, viewable rate and CTR a day from ${report.from} to ${report.to}; the table below has the numbers."
      ></div>
      <p><button type="button" @click=${() => this.downloadCsv(report)}>Download CSV</button></p>
      ${
        report.rows.length === 0
          ? html`<p>No impressions, views or clicks in this range.</p>`
          : html`<table class="stacked">
              <caption>
                By ${label.toLowerCase()}
              </caption>
              <thead>
                <tr>
                  <th scope="col">${label}</th>
                  <th scope="col">Impressions</th>
                  <th scope="col">Viewable</th>
                  <th scope="col">Clicks</th>
                  <th scope="col">Viewable rate</th>
                  <th scope="col">CTR</th>
                </tr>
              </thead>
              <tbody>
                ${report.rows.map((row) => this.row(row, label))}
              </tbody>
              <tfoot>
                ${this.row({ key: 'Total', ...totals }, label, true)}
              </tfoot>
            </table>`
      }
    `
  }

  private row(row: AdReportRow, label: string, total = false): TemplateResult {
    // Counts outlive their ad: one no longer there is said to be deleted.
    const name =
      row.title !== undefined
        ? html`<bdi>${row.title}</bdi> <code>${row.key}</code>`
        : label === GROUPINGS.ad
          ? html`<code>${row.key}</code> <em>(deleted)</em>`
          : html`<code>${row.key}</code>`
    // The total's card (on a phone) is headed "Total" alone, not "Slot: Total".
    return html`<tr>
      <td data-label=${total ? nothing : label}>${total ? html`<strong>${row.key}</strong>` : name}</td>
      <td class="number" data-label="Impressions">${row.impressions}</td>
      <td class="number" data-label="Viewable">${row.viewable}</td>
      <td class="number" data-label="Clicks">${row.clicks}</td>
      <td class="number" data-label="Viewable rate">${shownRate(row.viewable_rate)}</td>
      <td class="number" data-label="CTR">${shownRate(row.ctr)}</td>
    </tr>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-reports': SvcConsoleReports
  }
}

if (!customElements.get('svc-console-reports')) customElements.define('svc-console-reports', SvcConsoleReports)
