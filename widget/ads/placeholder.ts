/**
 * @module The placeholder `<svc-ads>` shows while loading: the size its
 * ads will take in the layout at the slot's width (the same aspect ratio,
 * text box and controls' row), so nothing moves when they arrive. An empty
 * or refused slot with `keep-empty` keeps it, invisible: the page keeps
 * exactly the space the ads would take.
 */
import { html, type TemplateResult } from 'lit'

/**
 * The placeholder of a layout; `kept` hides it but keeps its space.
 *
 * @example
 * placeholder('hero') // the image's box and the controls' row
 */
export function placeholder(layout: string, kept = false): TemplateResult {
  // One box: the image's aspect ratio, painted, and below it (padding, unpainted) the text box and the controls.
  return html`<div class="skeleton ${layout} ${kept ? 'kept' : ''}" part="skeleton" aria-hidden="true"></div>`
}
