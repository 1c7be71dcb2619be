/**
 * @module The look of `<svc-ads>`: defaults on `:host` that partners
 * override with `--svc-ads-*` custom properties and `::part()`.
 */
import { css } from 'lit'

// Every slide, and the loading placeholder (kept invisible by an empty
// slot with keep-empty), has one size: the image's aspect ratio and, but in
// the hero, a fixed text box whose overflow the "Details" button opens in a
// dialog. The title is clamped to whole lines that fit and the call to
// action keeps one line beside Details. So nothing ever shifts. An image-less ad is a card of the accent colour
// the same size: its empty image box (.none) grows by the text box's
// height and its text sits over the whole of it, set large. A hero's slide
// is the fallback colour, behind an image that failed (hidden), so its
// white text stays readable. Only the slides (and the dialog) take the
// palette's text colour: the count sits on the page's own background, so
// it keeps the page's colour, readable on a light page with a dark system.
// The call to action's ::after covers the slide: the whole slide is its link; description links and the Details
// button sit above it. Partner values of the custom properties win
// over both sets of defaults (outer styles beat :host). Comments stay out
// of the template: it ships as written.
export const svcAdsStyles = css`
  :host {
    --svc-ads-aspect-ratio: 2 / 1;
    --svc-ads-radius: 12px;
    --svc-ads-gap: 1rem;
    --svc-ads-accent: #0969da;
    --svc-ads-accent-contrast: #fff;
    --svc-ads-text: #1f2328;
    --svc-ads-muted: #57606a;
    --svc-ads-surface: #fff;
    --svc-ads-skeleton: #eaeef2;
    --svc-ads-fallback: #1f2328;
    --svc-ads-text-height: 10rem;
    display: block;
    container-type: inline-size;
    font: inherit;
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --svc-ads-accent: #58a6ff;
      --svc-ads-accent-contrast: #0d1117;
      --svc-ads-text: #e6edf3;
      --svc-ads-muted: #9198a1;
      --svc-ads-surface: #151b23;
      --svc-ads-skeleton: #262c36;
    }
  }
  :host([data-status='empty']:not([keep-empty])),
  :host([data-status='error']:not([keep-empty])) {
    display: none;
  }
  * {
    box-sizing: border-box;
  }
  .kept,
  .failed {
    visibility: hidden;
  }
  .skeleton,
  .image {
    display: block;
    width: 100%;
    aspect-ratio: var(--svc-ads-aspect-ratio);
    object-fit: cover;
    background: var(--svc-ads-skeleton);
  }
  .skeleton {
    box-sizing: content-box;
    padding-bottom: calc(var(--svc-ads-text-height) + 2.75rem);
    background-clip: content-box;
    border-radius: var(--svc-ads-radius);
  }
  .skeleton.hero {
    padding-bottom: 2.75rem;
  }
  .skeleton.stories {
    width: min(16rem, 80%);
    padding-bottom: var(--svc-ads-text-height);
    background-clip: border-box;
  }
  .none {
    box-sizing: content-box;
    padding-bottom: var(--svc-ads-text-height);
  }
  .carousel {
    position: relative;
  }
  .viewport {
    overflow: hidden;
    border-radius: var(--svc-ads-radius);
    touch-action: pan-y;
  }
  .dragging {
    user-select: none;
    cursor: grabbing;
  }
  .track {
    display: flex;
    transition: transform 0.4s ease;
  }
  .dragging .track {
    transition: none;
  }
  @media (prefers-reduced-motion: reduce) {
    .track {
      transition: none;
    }
  }
  .slide,
  .stories > li {
    position: relative;
    flex: 0 0 100%;
    min-width: 0;
    background: var(--svc-ads-surface);
    color: var(--svc-ads-text);
  }
  img {
    -webkit-user-drag: none;
  }
  .text {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
    padding: 0.75rem 1rem 1rem;
    height: var(--svc-ads-text-height);
  }
  .body {
    flex: 1;
    min-height: 0;
    display: flex;
    flex-direction: column;
    gap: 0.35rem;
    overflow: hidden;
    overflow-wrap: anywhere;
  }
  .more,
  .description a {
    position: relative;
    z-index: 2;
  }
  .body > * {
    margin: 0;
  }
  .title {
    font-size: 1.15rem;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 3;
    overflow: hidden;
    flex-shrink: 0;
  }
  .sponsored + .title,
  .rotates .title {
    -webkit-line-clamp: 2;
  }
  .label {
    color: var(--svc-ads-muted);
  }
  .sponsored {
    font-size: 0.75rem;
    text-transform: uppercase;
    letter-spacing: 0.05em;
    color: var(--svc-ads-muted);
  }
  .description :first-child {
    margin-top: 0;
  }
  .description :last-child {
    margin-bottom: 0;
  }
  .description a {
    color: inherit;
  }
  .description img {
    max-width: 100%;
    height: auto;
  }
  .actions {
    display: flex;
    gap: 0.5rem;
    align-items: center;
  }
  .cta,
  .more,
  button {
    font: inherit;
    padding: 0.4rem 0.9rem;
    border-radius: 6px;
    cursor: pointer;
  }
  .cta {
    min-width: 0;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
    background: var(--svc-ads-accent);
    color: var(--svc-ads-accent-contrast);
    text-decoration: none;
  }
  .actions .cta::after {
    content: '';
    position: absolute;
    inset: 0;
    z-index: 1;
  }
  .more,
  .controls button,
  .close {
    border: 1px solid var(--svc-ads-muted);
    background: var(--svc-ads-surface);
    color: var(--svc-ads-text);
  }
  .rotation {
    position: absolute;
    z-index: 3;
    top: 0.5rem;
    inset-inline-start: 0.5rem;
    font-size: 0.8rem;
    border: 0;
    border-radius: 999px;
    background: rgb(0 0 0 / 0.7);
    color: #fff;
  }
  .controls {
    height: 2.25rem;
    margin-top: 0.5rem;
    display: flex;
    align-items: center;
    gap: 0.5rem;
  }
  .controls button {
    min-width: 2.25rem;
    min-height: 2.25rem;
    padding: 0;
    border-radius: 999px;
  }
  [aria-disabled='true'] {
    opacity: 0.5;
    cursor: default;
  }
  .count {
    margin-inline: auto;
  }
  :focus-visible {
    outline: 3px solid var(--svc-ads-accent);
    outline-offset: 2px;
  }
  .hero .slide {
    background: var(--svc-ads-fallback);
    display: grid;
    grid-template: 100% / 100%;
    aspect-ratio: var(--svc-ads-aspect-ratio);
    overflow: hidden;
  }
  .hero .slide > * {
    grid-area: 1 / 1;
    min-height: 0;
  }
  .hero .image {
    height: 100%;
  }
  .hero .text {
    align-self: end;
    height: auto;
    max-height: 100%;
    background: linear-gradient(rgb(0 0 0 / 0.45), rgb(0 0 0 / 0.8));
    color: #fff;
  }
  .hero.rotates .text {
    max-height: calc(100% - 2.75rem);
  }
  .hero .label,
  .hero .sponsored {
    color: #eee;
  }
  .stories {
    display: flex;
    gap: var(--svc-ads-gap);
    overflow-x: auto;
    scroll-snap-type: x mandatory;
    padding: 0;
    margin: 0;
    list-style: none;
  }
  .stories > li {
    flex: 0 0 min(16rem, 80%);
    scroll-snap-align: start;
    border-radius: var(--svc-ads-radius);
    overflow: hidden;
    container-type: inline-size;
  }
  .none + .text {
    position: absolute;
    inset: 0;
    height: 100%;
    max-height: none;
    padding: 1.25rem 1.5rem 1rem;
    background: var(--svc-ads-accent);
    color: var(--svc-ads-accent-contrast);
    font-size: 1.1rem;
  }
  .rotates .none + .text {
    padding-top: 3rem;
  }
  .none + * .title {
    font-size: clamp(1.4rem, 6cqi, 2.6rem);
    line-height: 1.2;
  }
  .none + * .label,
  .none + * .sponsored {
    color: inherit;
  }
  .none + * .cta {
    background: var(--svc-ads-accent-contrast);
    color: var(--svc-ads-accent);
  }
  .none + * .more {
    border-color: currentColor;
    background: none;
    color: inherit;
  }
  .none + * :focus-visible {
    outline-color: currentColor;
  }
`
