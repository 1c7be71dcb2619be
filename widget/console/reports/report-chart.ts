/**
 * @module The Reports page's chart, drawn with uPlot: impressions a day
 * (left axis) and the viewable rate and click-through rate in percent
 * (right axis), a gap where a day had no impressions. The page loads this
 * module with `import()`, so uPlot and its stylesheet are a chunk of their
 * own that only the Reports page fetches.
 */
import uPlot from 'uplot'
import uPlotCss from 'uplot/dist/uPlot.min.css?inline'
import type { AdReport } from '../../../shared/ad-report.js'

/** uPlot's stylesheet, for the shadow root the chart is drawn in. */
export const chartStyles = uPlotCss

const HEIGHT = 260

/** A drawn chart: resize it with the page, destroy it when the page goes. */
export interface ReportChart {
  resize(width: number): void
  destroy(): void
}

/**
 * Draws the report's daily series into `target`, `width` pixels wide.
 *
 * @example
 * const chart = drawReportChart(this.renderRoot.querySelector('.chart')!, report, 640)
 */
export function drawReportChart(target: HTMLElement, report: AdReport, width: number): ReportChart {
  const { days, impressions, viewable_rate: viewableRate, ctr } = report.series
  // Days are calendar dates: place them at UTC midnight and label them in UTC, whatever the browser's zone.
  const x = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000)
  const percent = (_: uPlot, values: number[]) => values.map((value) => `${value}%`)
  const plot = new uPlot(
    {
      width,
      height: HEIGHT,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
      // The legend names the lines; the numbers are in the table below, not "—" until a pointer hovers.
      legend: { live: false },
      scales: { x: { time: true }, count: { range: (_u, _min, max) => [0, Math.max(1, max)] }, rate: { range: [0, 100] } },
      axes: [
        // Whole days only, as many as fit: a phone's narrow chart steps by 2 or 3 days rather than a week.
        // Labelled as dates, without the year when the range stays in one.
        {
          incrs: [1, 2, 3, 7, 14, 30, 91].map((days) => days * 86_400),
          values: (_u, splits) => {
            const dates = splits.map((ts) => new Date(ts * 1000).toISOString().slice(0, 10))
            const oneYear = dates.every((date) => date.slice(0, 4) === dates[0]!.slice(0, 4))
            return oneYear ? dates.map((date) => date.slice(5)) : dates
          },
        },
        { scale: 'count', label: 'Impressions' },
        { scale: 'rate', side: 1, label: 'Rate', values: percent, grid: { show: false } },
      ],
      series: [
        { label: 'Date', value: (_u, ts) => (ts === null ? '—' : new Date(ts * 1000).toISOString().slice(0, 10)) },
        {
          label: 'Impressions',
          scale: 'count',
          value: (_u, v) => (v === null ? '—' : String(v)),
          stroke: '#0969da',
          width: 2,
          fill: 'rgba(9, 105, 218, 0.08)',
        },
        { label: 'Viewable rate', scale: 'rate', stroke: '#1a7f37', width: 2, value: (_u, v) => (v === null ? '—' : `${v.toFixed(1)}%`) },
        {
          label: 'CTR',
          scale: 'rate',
          stroke: '#cf222e',
          width: 2,
          dash: [6, 4],
          value: (_u, v) => (v === null ? '—' : `${v.toFixed(1)}%`),
        },
      ],
    },
    [x, impressions, viewableRate, ctr] as uPlot.AlignedData,
    target,
  )
  return {
    resize: (next) => plot.setSize({ width: next, height: HEIGHT }),
    destroy: () => plot.destroy(),
  }
}
