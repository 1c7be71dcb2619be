/**
 * @module The demo partner page at `/`: a `<svc-signin>` button of the
 * demo's sign-in client, and the demo organisation's three slots as a
 * partner site embeds them, one `<svc-ads>` each, in the slider, stories
 * and hero layouts. The page runs on the identity provider's origin and
 * shows what organisations wrote, so it carries no inline script: the
 * one it needs is `/demo/signed-in.js`, and demo-site.ts sends a CSP that
 * allows only this server's scripts.
 */

import { type Html, html } from '../http/html.js'

export interface DemoPageModel {
  /** The demo's publishable key, when the demo was seeded. */
  apiKey?: string
  /** The content-hashed widget file name, when the widgets are built. */
  widgetScript?: string
  /** This server's public URL, for the embed snippet. */
  publicUrl?: string
  /** The demo's sign-in client, for `<svc-signin>`. */
  clientId?: string
}

/**
 * Renders the page; without a demo key or a built widget it says how to get them.
 *
 * @example
 * c.html(demoPage({ apiKey: 'svc_pk_…', widgetScript: 'svc-ads.3f2a9c1b.js' }))
 */
export function demoPage({ apiKey, clientId, widgetScript, publicUrl = '' }: DemoPageModel): Html {
  const key = apiKey ?? ''
  const slots = html`<section>
  <h2>Home Slider Ads <code>&lt;svc-ads display="home-slider-ads" autoplay="6000"&gt;</code></h2>
  <svc-ads display="home-slider-ads" limit="12" random="0" autoplay="6000" api-key="${key}"></svc-ads>
</section>
<section>
  <h2>Donation Stories <code>&lt;svc-ads display="donation-stories" layout="stories"&gt;</code></h2>
  <svc-ads display="donation-stories" layout="stories" limit="12" api-key="${key}"></svc-ads>
</section>
<section>
  <h2>Home <code>&lt;svc-ads display="home" layout="hero" loading="lazy"&gt;</code></h2>
  <svc-ads display="home" layout="hero" limit="3" loading="lazy" api-key="${key}"></svc-ads>
</section>`
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${apiKey ? 'svc demo partner page' : 'svc is running'}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 56rem; padding: 1rem 1.5rem 4rem; color: #1f2328; }
  h1 { margin-bottom: 0 } h2 { font-size: 1.1rem; margin-top: 2.5rem } h2 code { font-size: .8rem; color: #57606a; font-weight: normal }
  .muted { color: #57606a } pre { background: #f6f8fa; padding: .75rem 1rem; overflow-x: auto; border-radius: 6px }
  pre:focus-visible { outline: 3px solid #0969da; outline-offset: 2px }
  .signin { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; min-height: 40px }
  /* The button's box is kept before /sdk.js arrives, so nothing moves. */
  svc-signin { display: inline-block; min-width: 220px; height: 40px }
</style>
${
  // A classic script in the head defines <svc-ads> before the body is
  // parsed, so each slot shows its placeholder from the first paint and
  // nothing shifts when the ads arrive.
  widgetScript ? html`<script src="/widget/${widgetScript}"></script>` : ''
}
</head>
<body>
${apiKey ? html`<h1>svc demo partner page</h1>` : html`<h1>svc is running</h1>`}
${
  apiKey
    ? ''
    : html`<p>Sign in to <a href="/console">the console</a> to create an organisation and its API key, then call the ads API with it. From the command line:</p>
<pre tabindex="0" role="region" aria-label="Commands to try">npm run bff -- org create --name "My Shop"
curl -H 'Authorization: Bearer &lt;api_key&gt;' '&lt;this server&gt;/ads/home?limit=3'</pre>`
}
${apiKey ? html`<p class="muted">A partner site showing the demo organisation's published ads with the <code>&lt;svc-ads&gt;</code> web component${clientId ? html`, and signing its visitors in with <code>&lt;svc-signin&gt;</code>` : ''}.</p>` : ''}
${
  clientId
    ? html`<div class="signin"><svc-signin client-id="${clientId}" theme="filled_blue"></svc-signin><span id="signed-in" role="status" class="muted">Try a demo account, such as marketer@demo.example.</span></div>
<script src="/sdk.js" async></script>
<script src="/demo/signed-in.js" defer></script>`
    : ''
}
${
  !apiKey
    ? ''
    : !widgetScript
      ? html`<p>The widgets are not built yet: run <code>npm run build</code> (or <code>npm start</code>) and reload.</p>`
      : html`<p>Embed it on any page (the classic script in the <code>&lt;head&gt;</code> reserves each slot's space from the first paint; <code>type="module"</code> with <code>/widget/svc-ads.js</code> also works):</p>
<pre tabindex="0" role="region" aria-label="Embed code">&lt;script src="${publicUrl}/widget/svc-ads.iife.js"&gt;&lt;/script&gt;
&lt;svc-ads display="home-slider-ads" api-key="${key}"&gt;&lt;/svc-ads&gt;</pre>
${slots}`
}
</body>
</html>
`
}

/** Shows who signed in with the demo's `<svc-signin>`. */
export const DEMO_SIGNED_IN_SCRIPT = `// A real partner sends the credential to its backend, which verifies it; the demo only shows who signed in.
document.addEventListener('svc-signin', (event) => {
  const claims = event.detail.credential ? JSON.parse(atob(event.detail.credential.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) : {}
  document.getElementById('signed-in').textContent = 'Signed in as ' + (claims.name || claims.email || claims.sub) + ' (' + event.detail.select_by + ')'
})
`
