/**
 * @module Stands in for js-xss's `cssfilter` dependency in the widget
 * build: the fallback sanitiser runs with `css: false` and allows no
 * `style` attribute, so cssfilter's 8 KB table of CSS properties is never
 * read. Should anything call it anyway, it keeps no CSS at all.
 */

/** Filters nothing through: every declaration is dropped. */
export class FilterCSS {
  /**
   * @example
   * new FilterCSS().process('color: red') // ''
   */
  process(_css: string): string {
    return ''
  }
}

/**
 * An empty allow-list of CSS properties.
 *
 * @example
 * getDefaultWhiteList() // {}
 */
export function getDefaultWhiteList(): Record<string, boolean> {
  return {}
}
