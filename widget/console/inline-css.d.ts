/** @module Vite's `?inline` CSS imports: the stylesheet's text, for a shadow root. */
declare module '*.css?inline' {
  const css: string
  export default css
}
