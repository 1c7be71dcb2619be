/**
 * @module The demo partner page at `/`: the three demo slots as a partner
 * site would show them, read through the public ads API with the demo key.
 */

const SLOTS = [
  { slug: 'home-slider-ads', name: 'Home Slider Ads' },
  { slug: 'donation-stories', name: 'Donation Stories' },
  { slug: 'home', name: 'Home' },
]

const escapeHtml = (text: string) => text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/**
 * Renders the page; without a demo key it explains how to call the API instead.
 *
 * @example
 * c.html(demoPage({ apiKey: 'svc_pk_…' }))
 */
export function demoPage({ apiKey }: { apiKey?: string }): string {
  const sections = SLOTS.map(
    ({ slug, name }) => `<section aria-labelledby="${slug}-title">
  <h2 id="${slug}-title">${name} <code>GET /ads/${slug}?limit=12&amp;random=0</code></h2>
  <div class="ads" data-slug="${slug}" aria-live="polite"><p class="muted">Loading…</p></div>
</section>`,
  ).join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>svc demo partner page</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 72rem; padding: 1rem 1.5rem 4rem; color: #1f2328; }
  h1 { margin-bottom: 0 } h2 { font-size: 1.15rem; margin-top: 2rem } h2 code { font-size: .8rem; color: #57606a; font-weight: normal }
  .muted { color: #57606a } pre { background: #f6f8fa; padding: .75rem 1rem; overflow-x: auto; border-radius: 6px }
  .ads { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: 1rem }
  article { border: 1px solid #d0d7de; border-radius: 8px; overflow: hidden; display: flex; flex-direction: column }
  article img { width: 100%; height: auto; aspect-ratio: 2 / 1; object-fit: cover; display: block; background: #eaeef2 }
  article div { padding: .75rem 1rem 1rem; display: flex; flex-direction: column; gap: .4rem; flex: 1 }
  article h3 { margin: 0; font-size: 1.05rem } article p { margin: 0 } article a.cta { margin-top: auto; align-self: start; background: #0969da; color: #fff; padding: .35rem .8rem; border-radius: 6px; text-decoration: none }
</style>
</head>
<body>
<h1>svc demo partner page</h1>
<p class="muted">A partner site showing the demo organisation's published ads through the public ads API.</p>
${
  apiKey
    ? `<p>Try it yourself:</p>
<pre id="try">curl -H 'Authorization: Bearer ${escapeHtml(apiKey)}' '/ads/home-slider-ads?limit=3'</pre>
${sections}
<script type="module">
const apiKey = ${JSON.stringify(apiKey).replaceAll('<', '\\u003c')}
document.getElementById('try').textContent = "curl -H 'Authorization: Bearer " + apiKey + "' '" + location.origin + "/ads/home-slider-ads?limit=3'"
for (const slot of document.querySelectorAll('.ads')) {
  const answer = await fetch('/ads/' + slot.dataset.slug + '?limit=12&random=0', { headers: { Authorization: 'Bearer ' + apiKey } })
  const body = await answer.json()
  slot.replaceChildren()
  if (body.status !== 'success') { slot.textContent = body.message; continue }
  for (const ad of [].concat(body.data)) {
    const card = document.createElement('article')
    const image = Object.assign(document.createElement('img'), { src: ad.image, alt: '', width: 1200, height: 600, loading: 'lazy' })
    const text = document.createElement('div')
    const title = Object.assign(document.createElement('h3'), { textContent: ad.title })
    const label = Object.assign(document.createElement('p'), { textContent: ad.label, className: 'muted' })
    const description = document.createElement('div')
    description.innerHTML = ad.description // sanitised by the BFF when stored
    const cta = Object.assign(document.createElement('a'), { href: ad.url, textContent: ad.link, target: ad.target, className: 'cta' })
    if (ad.target === '_blank') cta.rel = 'noopener noreferrer'
    text.append(title, label, description, cta)
    card.append(image, text)
    slot.append(card)
  }
}
</script>`
    : `<p>This server was started without the demo. Create an organisation and call the API:</p>
<pre>npm run bff -- org create --name "My Shop"
curl -H 'Authorization: Bearer &lt;api_key&gt;' '&lt;this server&gt;/ads/home?limit=3'</pre>`
}
</body>
</html>
`
}
