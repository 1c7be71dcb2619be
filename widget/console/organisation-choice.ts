/**
 * @module Which organisation a console page about one organisation shows
 * (API keys, People, Reports), and the operator's picker for it: a person
 * of an organisation sees their own; an operator, the one the address
 * names (`?organisation=CODE`) when it is one they may see, else the first.
 * On an install with no organisation yet (or none not archived) those
 * pages say so instead, pointing an operator to the Organisations page.
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
  // With none to choose from, the page says so (noOrganisationYet) rather than showing an empty picker.
  if (!me.roles.operator || me.roles.organisation || me.organisations.length === 0) return nothing
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

/**
 * True when the signed-in person has an organisation to work in (an operator: any not archived).
 *
 * @example
 * if (!hasOrganisation(this.me)) return html`<h1>API keys</h1>${noOrganisationYet(this.me)}`
 */
export const hasOrganisation = (me: ConsoleMe): boolean => me.organisations.length > 0

/**
 * What a page about one organisation shows when there is none: the fact,
 * and what to do about it (an operator creates one; anyone else asks).
 *
 * @example
 * html`<h1>Reports</h1>${noOrganisationYet(this.me)}`
 */
export function noOrganisationYet(me: ConsoleMe): TemplateResult {
  if (!me.roles.operator && me.roles.organisation)
    // An admin or marketer whose organisation was archived has none to work in either.
    return html`<div class="panel no-organisation">
      <p>Your organisation is archived.</p>
      <p>Ask the person who runs svc to unarchive it or to add you to another.</p>
    </div>`
  return html`<div class="panel no-organisation">
    <p>There is no organisation yet.</p>
    ${
      me.roles.operator
        ? html`<p><a class="button primary" href="/console/organisations">Create an organisation</a></p>`
        : html`<p>Ask the person who runs svc to add you to one.</p>`
    }
  </div>`
}
