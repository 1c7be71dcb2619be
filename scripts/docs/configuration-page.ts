/**
 * @module Renders the operators' configuration page,
 * `docs/operate/configuration.md`, from the settings table
 * (`server/settings.ts`), so the page cannot drift from what svc reads.
 * `npx tsx scripts/docs/configuration-page.ts --write` writes it; without
 * `--write` it prints the page. `server/settings.test.ts` fails while the
 * committed page differs from what this renders.
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { SETTINGS, type SettingSpec, TEST_ONLY_SETTINGS } from '../../server/settings.js'

/** Where the page lives, from the repository's root. */
export const CONFIGURATION_PAGE = 'docs/operate/configuration.md'

const WRITE_COMMAND = 'npx tsx scripts/docs/configuration-page.ts --write'

/** A table cell: a pipe would end it early. */
const cell = (text: string) => text.replaceAll('|', '\\|')

/**
 * The page's markdown.
 *
 * @example
 * writeFileSync('docs/operate/configuration.md', configurationPage())
 */
export function configurationPage(): string {
  const rows = (Object.values(SETTINGS) as SettingSpec<unknown>[]).map(
    (setting) =>
      `| ${setting.env ? `\`${setting.env}\`` : ''} | ${setting.flag ? `\`--${setting.flag}\`` : ''} | ${cell(setting.shownDefault)} | ${cell(setting.doc)} |`,
  )
  const testOnly = Object.values(TEST_ONLY_SETTINGS).map((setting) => `| \`${setting.env}\` | ${cell(setting.doc)} |`)
  return [
    `<!-- Generated from server/settings.ts by \`${WRITE_COMMAND}\`: change the table there, then run that command. -->`,
    '',
    '# Configuration',
    '',
    'Every setting of svc, with its default. A flag wins over its environment',
    'variable; the flags are those of `svc-bff serve` (`--db` and `--json` are',
    'taken by every command, `--issuer` also by `seed` and `user invite`,',
    '`--jwks-cache-seconds` also by `keys rotate`).',
    '',
    '| variable | flag | default | what it does |',
    '|---|---|---|---|',
    ...rows,
    '',
    'A command reads its settings once, as it starts, before it opens the',
    'database or a port, and refuses a value outside the table with one line',
    'naming the flag or variable and what it takes (exit code 2), rather than',
    'falling back to a default. The on/off settings take `0` or `1`. An',
    'environment variable set to nothing counts as unset, as env files and',
    'compose files write the ones left blank.',
    '',
    '## Test-only switches',
    '',
    "Read only inside a Vitest worker (`VITEST` set); a deployment's value is ignored.",
    '',
    '| variable | what it does |',
    '|---|---|',
    ...testOnly,
    '',
  ].join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--write')) {
    const root = fileURLToPath(new URL('../../', import.meta.url))
    writeFileSync(`${root}${CONFIGURATION_PAGE}`, configurationPage())
    console.log(`wrote ${CONFIGURATION_PAGE}`)
  } else {
    process.stdout.write(configurationPage())
  }
}
