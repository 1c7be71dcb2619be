/**
 * @module Writes the event tables of `docs/webhooks.md` (each event, when
 * it is sent, its data fields and their meaning) from the webhook event
 * catalogue (`server/webhooks/event-catalogue.ts`), the same source as the
 * JSON Schemas svc serves at `{issuer}/webhooks/schemas`, so the page
 * cannot drift from them. `npx tsx scripts/docs/webhook-events-page.ts --write`
 * writes the tables between the page's markers; without `--write` it
 * prints the page. `server/webhooks/event-catalogue-docs.test.ts` fails
 * while the committed page differs from what this renders.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ACCOUNT_EVENT_NAMES } from '../../server/accounts/account-events.js'
import { SCHEMAS_PATH, WEBHOOK_EVENT_CATALOGUE, webhookEventJsonSchema } from '../../server/webhooks/event-catalogue.js'

/** Where the page lives, from the repository's root. */
export const WEBHOOKS_PAGE = 'docs/webhooks.md'
export const WRITE_COMMAND = 'npx tsx scripts/docs/webhook-events-page.ts --write'
/** The marker comments the generated tables sit between; everything else on the page is written by hand. */
export const BEGIN = `<!-- generated from server/webhooks/event-catalogue.ts by \`${WRITE_COMMAND}\`: do not edit -->`
export const END = '<!-- end generated -->'

/** The issuer the schemas are rendered against: the page names their paths, not a host. */
const ANY_ISSUER = 'https://svc.invalid'

interface PropertySchema {
  type?: string
  items?: PropertySchema
  minimum?: number
  description?: string
}

/** A table cell: a pipe would end it early. */
const cell = (text: string) => text.replaceAll('|', '\\|')

function typeOf(property: PropertySchema): string {
  if (property.type === 'array') return `array of ${property.items ? typeOf(property.items) : 'anything'}`
  if (property.type === 'integer' && property.minimum !== undefined) return `integer ≥ ${property.minimum}`
  return property.type ?? 'any'
}

/** Names a set of events the short way: `all`, `all but \`ping\``, or each. */
function eventsIn(events: readonly string[]): string {
  const missing = ACCOUNT_EVENT_NAMES.filter((event) => !events.includes(event))
  const quoted = (names: readonly string[]) => names.map((name) => `\`${name}\``).join(', ')
  if (missing.length === 0) return 'all'
  return missing.length <= 2 && events.length > missing.length ? `all but ${quoted(missing)}` : quoted(events)
}

/** The data fields of each event, read from the JSON Schema svc serves. */
function dataFields(event: (typeof ACCOUNT_EVENT_NAMES)[number]): [string, PropertySchema][] {
  const schema = webhookEventJsonSchema(event, ANY_ISSUER) as { properties: { data: { properties: Record<string, PropertySchema> } } }
  return Object.entries(schema.properties.data.properties)
}

/**
 * The generated part of the page: the events table, then one row for each
 * data field's meaning (a field meaning the same in several events is one row).
 *
 * @example
 * const tables = webhookEventTables()
 */
export function webhookEventTables(): string {
  const events = ACCOUNT_EVENT_NAMES.map((event) => {
    const fields = dataFields(event)
      .map(([name]) => `\`${name}\``)
      .join(', ')
    return `| \`${event}\` | ${cell(WEBHOOK_EVENT_CATALOGUE[event].firedWhen)} | ${fields} | \`${SCHEMAS_PATH}/${event}\` |`
  })
  const meanings = new Map<string, { field: string; type: string; description: string; events: string[] }>()
  for (const event of ACCOUNT_EVENT_NAMES) {
    for (const [field, property] of dataFields(event)) {
      const key = JSON.stringify([field, typeOf(property), property.description ?? ''])
      const row = meanings.get(key) ?? { field, type: typeOf(property), description: property.description ?? '', events: [] }
      row.events.push(event)
      meanings.set(key, row)
    }
  }
  const fields = [...meanings.values()].map(
    ({ field, type, description, events: of }) => `| \`${field}\` | ${eventsIn(of)} | ${type} | ${cell(description)} |`,
  )
  return [
    '| event | sent when | `data` | schema |',
    '|---|---|---|---|',
    ...events,
    '',
    'What the `data` fields hold:',
    '',
    '| field | in | type | what it holds |',
    '|---|---|---|---|',
    ...fields,
  ].join('\n')
}

/**
 * The page with its generated part replaced by what the catalogue renders now.
 *
 * @example
 * writeFileSync('docs/webhooks.md', webhooksPage(readFileSync('docs/webhooks.md', 'utf8')))
 */
export function webhooksPage(page: string): string {
  const begin = page.indexOf(BEGIN)
  const end = page.indexOf(END)
  if (begin < 0 || end < begin || page.indexOf(BEGIN, begin + 1) >= 0)
    throw new Error(`${WEBHOOKS_PAGE} must hold one "${BEGIN}" … "${END}" pair`)
  return `${page.slice(0, begin)}${BEGIN}\n\n${webhookEventTables()}\n\n${page.slice(end)}`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = `${fileURLToPath(new URL('../../', import.meta.url))}${WEBHOOKS_PAGE}`
  const page = webhooksPage(readFileSync(path, 'utf8'))
  if (process.argv.includes('--write')) {
    writeFileSync(path, page)
    console.log(`wrote ${WEBHOOKS_PAGE}`)
  } else {
    process.stdout.write(page)
  }
}
