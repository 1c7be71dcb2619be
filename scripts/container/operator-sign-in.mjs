// @module The operator's first day against a running svc, over HTTP as a
// browser goes (forms, cookies, redirects): the one-time setup link makes
// the first operator, the link is dead afterwards, and the operator signs
// in to the console through svc's own sign-in page; the console then knows
// them as an operator. The container check (check.sh) runs it against the
// image started without --demo. Prints one line; exits 1 with what went
// wrong.
//
// Usage: node scripts/container/operator-sign-in.mjs BASE_URL SETUP_LINK
const [base, setupLink] = process.argv.slice(2)
if (!base || !setupLink) {
  console.error('usage: node scripts/container/operator-sign-in.mjs BASE_URL SETUP_LINK')
  process.exit(2)
}
const operator = { name: 'First Operator', email: 'operator@example.com', password: 'violet kettle harbour lamp' }

/** One browser's cookies: name → value, as Set-Cookie left them. */
const jar = new Map()
async function request(url, init = {}) {
  const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
  const response = await fetch(new URL(url, base), { ...init, headers: { ...init.headers, cookie }, redirect: 'manual' })
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';')
    const at = pair.indexOf('=')
    if (/max-age=0\b/i.test(line)) jar.delete(pair.slice(0, at))
    else jar.set(pair.slice(0, at), pair.slice(at + 1))
  }
  return response
}
/** Follows redirects as a browser does, up to a page; returns its address and text. */
async function open(url, init) {
  let response = await request(url, init)
  for (let hops = 0; response.status >= 300 && response.status < 400; hops++) {
    if (hops === 10) throw new Error(`more than 10 redirects from ${url}`)
    url = new URL(response.headers.get('location'), new URL(url, base)).href
    response = await request(url)
  }
  return { url, status: response.status, html: await response.text() }
}
const unescape = (text) => text.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')
/** The page's first form: where it posts and its hidden fields. */
function formOf(page) {
  const form = page.html.match(/<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/)
  if (!form) throw new Error(`no form on ${page.url} (${page.status}): ${page.html.slice(0, 300)}`)
  const hidden = [...form[2].matchAll(/<input[^>]*type="hidden"[^>]*>/g)].map(([tag]) => [
    unescape(tag.match(/name="([^"]*)"/)[1]),
    unescape(tag.match(/value="([^"]*)"/)?.[1] ?? ''),
  ])
  return { action: new URL(unescape(form[1]), page.url).href, hidden: Object.fromEntries(hidden) }
}
const post = (form, fields) =>
  open(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form.hidden, ...fields }),
  })
const heading = (page) => unescape(page.html.match(/<h1[^>]*>([^<]*)/)?.[1] ?? '').trim()
const fail = (message) => {
  console.error(message)
  process.exit(1)
}

const setup = await open(setupLink)
if (heading(setup) !== 'Create the first operator') fail(`the setup link showed "${heading(setup)}" (${setup.status})`)
const made = await post(formOf(setup), { name: operator.name, email: operator.email, password: operator.password })
if (heading(made) !== 'Your operator account is ready') fail(`setting up answered "${heading(made)}" (${made.status})`)
const again = await open(setupLink)
if (heading(again) === 'Create the first operator') fail('the setup link still offers the form after the operator was made')

// A browser that has not signed in: the console leads to svc's sign-in page.
jar.clear()
const signIn = await open('/console')
if (!/name="password"/.test(signIn.html)) fail(`/console led to ${signIn.url} (${signIn.status}) without a sign-in form`)
const console_ = await post(formOf(signIn), { email: operator.email, password: operator.password })
if (new URL(console_.url).pathname !== '/console' || console_.status !== 200) fail(`signing in ended on ${console_.url} (${console_.status})`)
const me = await request('/console/api/me')
const body = me.ok ? await me.json() : undefined
if (!body?.roles?.operator) fail(`/console/api/me answered ${me.status} ${JSON.stringify(body).slice(0, 300)}`)
console.log(`the setup link made ${operator.email} an operator, the link is dead, and they signed in to the console`)
