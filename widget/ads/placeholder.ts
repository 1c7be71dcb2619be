/**
 * @module The placeholder `<svc-ads>` shows while loading: the size its
 * ads will take in the layout, so nothing moves when they arrive. An empty
 * or refused slot with `keep-empty` keeps it, invisible.
 */
import { html, nothing, type TemplateResult } from 'lit'

/**
 * The placeholder of a layout; `kept` hides it but keeps its space.
 *
 * @example
 * placeholder('hero') // the image's box and the controls' row
 */
export function placeholder(layout: string, kept = false): TemplateResult {
  const hidden = kept ? 'kept' : ''
  if (layout === 'stories') {
    return html`<ul class="stories ${hidden}" aria-hidden="true">
      <li class="skeleton-card" part="skeleton">
        <div class="skeleton"></div>
        <div class="skeleton skeleton-text"></div>
      </li>
    </ul>`
  }
  return html`<div class=${hidden} aria-hidden="true" part="skeleton">
    <div class="skeleton"></div>
    ${layout === 'hero' ? nothing : html`<div class="skeleton skeleton-text"></div>`}
    <div class="skeleton skeleton-controls"></div>
  </div>`
}
