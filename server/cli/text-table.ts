/**
 * @module The list commands' text output: aligned columns under a header
 * row, as `kubectl get` and `docker ps` print them, so a person can read
 * a list at a glance (`--json` stays the output for scripts). Widths count
 * what a terminal shows: a combined character as one column, a wide East
 * Asian character or an emoji as two.
 */

/** A column: its header, and how a row's cell reads. */
export type Column<Row> = [header: string, cell: (row: Row) => string]

// Made on first use: building a segmenter loads ICU's break rules, about 15 ms of a server's start, which never prints a table.
let segmenter: Intl.Segmenter | undefined
// East Asian Wide and Fullwidth ranges (Unicode UAX #11), and emoji: two terminal columns each.
const WIDE =
  /^(?:[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]|[\u{20000}-\u{3FFFD}]|\p{Extended_Pictographic})/u

/**
 * How many terminal columns `text` takes.
 *
 * @example
 * displayWidth('Zoë') // 3
 * displayWidth('東京') // 4
 */
export function displayWidth(text: string): number {
  let width = 0
  segmenter ??= new Intl.Segmenter()
  for (const { segment } of segmenter.segment(text)) width += WIDE.test(segment) ? 2 : 1
  return width
}

/**
 * The rows as aligned columns under their headers, three spaces apart;
 * the last column is not padded, so no line ends in spaces. A cell's line
 * breaks and tabs become spaces: one row stays one line.
 *
 * @example
 * textTable([['CODE', (o) => o.code], ['NAME', (o) => o.name]], organisations)
 * // CODE            NAME
 * // ORG0123456789   Acme
 */
export function textTable<Row>(columns: Column<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map(([header]) => header), ...rows.map((row) => columns.map(([, cell]) => cell(row).replace(/[\t\r\n]+/g, ' ')))]
  const widths = columns.map((_, index) => Math.max(...lines.map((line) => displayWidth(line[index]!))))
  return lines
    .map((line) =>
      line
        .map((text, index) => (index === line.length - 1 ? text : text + ' '.repeat(widths[index]! - displayWidth(text) + 3)))
        .join('')
        .trimEnd(),
    )
    .join('\n')
}
