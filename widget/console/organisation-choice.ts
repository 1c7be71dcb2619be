/**
 * @module Which organisation a console page about one organisation shows
 * (API keys, People, Reports), and the operator's picker for it: a person
 * of an organisation sees their own; an operator, the one the address
 * names (`?organisation=CODE`) when it is one they may see, else the first.
 */
import { html, nothing, type TemplateResult } from 'lit'
import type { ConsoleMe } from './console-api.js'
import { field } from './console-field.js'

/**
 * The code of the organisation to show.
 *
 * @example
 * this.organisation = organisationToShow(this.me, new URLSearchParams(location.search))
 */
export function organisationToShow(me: ConsoleMe, params: URLSearchParams): string {
  const chosen = params.get('organisation')
  const known = me.organisations.some((org) => org.code === chosen)
  return me.roles.organisation ?? (known ? chosen! : (me.organisations[0]?.code ?? ''))
}

/**
 * The labelled `<select id="organisation" name="organisation">` an operator
 * chooses with; nothing for a person of one organisation.
 *
 * @example
 * html`${organisationPicker(this.me, this.organisation, (event) => this.choose(event))}`
 */
export function organisationPicker(me: ConsoleMe, shown: string, onChange?: (event: Event) => void): TemplateResult | typeof nothing {
  if (!me.roles.operator || me.roles.organisation) return nothing
  return field(
    { id: 'organisation', label: 'Organisation' },
    (a) =>
      html`<select id=${a.id} name="organisation" @change=${onChange}>
        ${me.organisations.map(
          (org) => html`<option value=${org.code} ?selected=${org.code === shown} dir="auto">${org.name} (${org.code})</option>`,
        )}
      </select>`,
  )
}
