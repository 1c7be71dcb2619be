import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { WEBHOOKS_PAGE, WRITE_COMMAND, webhookEventTables, webhooksPage } from '../../scripts/docs/webhook-events-page.js'
import { ACCOUNT_EVENT_NAMES } from '../accounts/account-events.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const committed = readFileSync(`${root}/${WEBHOOKS_PAGE}`, 'utf8')

describe("the webhooks page's event tables", () => {
  it('are what the catalogue renders now', () => {
    expect(committed, `${WEBHOOKS_PAGE} is stale: run \`${WRITE_COMMAND}\``).toBe(webhooksPage(committed))
  })

  it('name every event and the URL of its schema', () => {
    for (const event of ACCOUNT_EVENT_NAMES) expect(webhookEventTables()).toContain(`| \`${event}\` |`)
    for (const event of ACCOUNT_EVENT_NAMES) expect(webhookEventTables()).toContain(`\`/webhooks/schemas/${event}\``)
  })

  it('refuse a page without its markers, rather than write the tables nowhere', () => {
    expect(() => webhooksPage('# Webhooks\n')).toThrow(/must hold one/)
  })
})
