/**
 * @module The look of `<svc-ads>`: defaults on `:host` that partners
 * override with `--svc-ads-*` custom properties and `::part()`.
 */
import { css } from 'lit'

// A fixed text height (the description clips, the call to action stays)
// keeps every slide, and the loading placeholder, the same size: no layout
// shift. (Comments stay out of the template: it ships as written.)
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
    --svc-ads-text-height: 10rem;
    display: block;
    color: var(--svc-ads-text);
    font: inherit;
  }
  :host([data-status='empty']:not([keep-empty])),
  :host([data-status='error']) {
    display: none;
  }
  * {
    box-sizing: border-box;
  }
  .skeleton {
    aspect-ratio: var(--svc-ads-aspect-ratio);
    border-radius: var(--svc-ads-radius);
    background: var(--svc-ads-skeleton);
  }
  .skeleton-text {
    aspect-ratio: auto;
    height: var(--svc-ads-text-height);
    border-radius: 0;
    background: transparent;
  }
  .skeleton-controls {
    aspect-ratio: auto;
    height: 2.25rem;
    margin-top: 0.5rem;
    background: transparent;
  }
  .stories .skeleton-card {
    background: var(--svc-ads-skeleton);
  }
  .carousel {
    position: relative;
  }
  .viewport {
    overflow: hidden;
    border-radius: var(--svc-ads-radius);
    touch-action: pan-y;
  }
  .track {
    display: flex;
    transition: transform 0.4s ease;
  }
  @media (prefers-reduced-motion: reduce) {
    .track {
      transition: none;
    }
  }
  .slide {
    flex: 0 0 100%;
    min-width: 0;
    background: var(--svc-ads-surface);
  }
  img.image {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: var(--svc-ads-aspect-ratio);
    object-fit: cover;
    background: var(--svc-ads-skeleton);
  }
  .text {
    padding: 0.75rem 1rem 1rem;
    display: grid;
    grid-template-rows: auto auto minmax(0, 1fr) auto;
    gap: 0.35rem;
    height: var(--svc-ads-text-height);
    overflow: hidden;
  }
  .description {
    overflow: hidden;
    min-height: 0;
  }
  .title {
    margin: 0;
    font-size: 1.15rem;
  }
  .label {
    margin: 0;
    color: var(--svc-ads-muted);
  }
  .description :first-child {
    margin-top: 0;
  }
  .description :last-child {
    margin-bottom: 0;
  }
  .cta {
    justify-self: start;
    background: var(--svc-ads-accent);
    color: var(--svc-ads-accent-contrast);
    padding: 0.4rem 0.9rem;
    border-radius: 6px;
    text-decoration: none;
  }
  .gallery {
    display: flex;
    gap: 0.4rem;
    overflow-x: auto;
  }
  .gallery img {
    height: 3rem;
    width: auto;
    border-radius: 4px;
  }
  .rotation {
    position: absolute;
    z-index: 1;
    top: 0.5rem;
    inset-inline-start: 0.5rem;
    font: inherit;
    font-size: 0.8rem;
    padding: 0.3rem 0.7rem;
    border-radius: 999px;
    border: 0;
    background: rgb(0 0 0 / 0.6);
    color: #fff;
    cursor: pointer;
  }
  .controls {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    height: 2.25rem;
    margin-top: 0.5rem;
  }
  .controls button {
    font: inherit;
    min-width: 2.25rem;
    min-height: 2.25rem;
    border-radius: 999px;
    border: 1px solid var(--svc-ads-muted);
    background: var(--svc-ads-surface);
    color: var(--svc-ads-text);
    cursor: pointer;
  }
  .dots {
    display: flex;
    gap: 0.25rem;
    margin-inline-start: auto;
  }
  .dots button {
    min-width: 1.5rem;
    min-height: 1.5rem;
    padding: 0;
  }
  .dots button[aria-current='true'] {
    background: var(--svc-ads-accent);
    border-color: var(--svc-ads-accent);
  }
  :focus-visible {
    outline: 3px solid var(--svc-ads-accent);
    outline-offset: 2px;
  }
  .hero .text {
    height: auto;
    position: absolute;
    inset-inline: 0;
    bottom: 0;
    background: linear-gradient(transparent, rgb(0 0 0 / 0.7));
    color: #fff;
  }
  .hero .slide {
    position: relative;
  }
  .hero .label {
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
    background: var(--svc-ads-surface);
  }
`
