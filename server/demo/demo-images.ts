/**
 * @module The demo's artwork: small SVG banners drawn from a name, served
 * by the BFF itself so the demo works offline.
 */
import { html } from '../http/html.js'

export interface DemoArtwork {
  /** Headline drawn on the banner. */
  caption: string
  /** Two colours of the background gradient. */
  from: string
  to: string
}

/** Every banner the demo seed refers to, by file name without `.svg`. */
export const DEMO_ARTWORK: Record<string, DemoArtwork> = {
  'spring-sale': { caption: 'Spring Sale', from: '#ff7e5f', to: '#feb47b' },
  'new-arrivals': { caption: 'New Arrivals', from: '#6a11cb', to: '#2575fc' },
  'free-shipping': { caption: 'Free Shipping', from: '#11998e', to: '#38ef7d' },
  'members-club': { caption: 'Members Club', from: '#c33764', to: '#1d2671' },
  'weekend-deals': { caption: 'Weekend Deals', from: '#f7971e', to: '#ffd200' },
  'gift-cards': { caption: 'Gift Cards', from: '#ee0979', to: '#ff6a00' },
  'clean-water': { caption: 'Clean Water', from: '#2193b0', to: '#6dd5ed' },
  'school-meals': { caption: 'School Meals', from: '#f46b45', to: '#eea849' },
  'tree-planting': { caption: 'Tree Planting', from: '#56ab2f', to: '#a8e063' },
  'shelter-winter': { caption: 'Winter Shelter', from: '#373b44', to: '#4286f4' },
  'welcome-home': { caption: 'Welcome', from: '#8e2de2', to: '#4a00e0' },
  'app-download': { caption: 'Get the App', from: '#00b09b', to: '#96c93d' },
  newsletter: { caption: 'Newsletter', from: '#e65c00', to: '#f9d423' },
  'gallery-one': { caption: 'Gallery 1', from: '#834d9b', to: '#d04ed6' },
  'gallery-two': { caption: 'Gallery 2', from: '#4ca1af', to: '#c4e0e5' },
}

/**
 * Draws the named banner as a 1200×600 SVG, or returns `undefined` for an unknown name.
 *
 * @example
 * demoImageSvg('spring-sale') // '<svg xmlns=…'
 */
export function demoImageSvg(name: string): string | undefined {
  const art = Object.hasOwn(DEMO_ARTWORK, name) ? DEMO_ARTWORK[name] : undefined
  if (!art) return undefined
  return String(html`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600" viewBox="0 0 1200 600" role="img" aria-label="${art.caption}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient></defs>
<rect width="1200" height="600" fill="url(#g)"/>
<circle cx="1020" cy="120" r="220" fill="#fff" fill-opacity=".12"/><circle cx="160" cy="560" r="180" fill="#fff" fill-opacity=".1"/>
<text x="80" y="330" font-family="system-ui, sans-serif" font-size="96" font-weight="700" fill="#fff">${art.caption}</text>
</svg>`)
}
