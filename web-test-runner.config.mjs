// Component tests in Debian's Chromium (never a downloaded browser), one
// file at a time, against a mock ads API served by the test server itself
// so every request is real HTTP.
import { existsSync } from 'node:fs'
import { esbuildPlugin } from '@web/dev-server-esbuild'
import { chromeLauncher } from '@web/test-runner-chrome'

// Debian's headless shell when installed (`.ci/run` installs it): the same
// Blink and V8 for a component, at a fraction of the whole browser's CPU
// (e2e/chromium.ts has the numbers). CHROME_PATH names a browser to use instead.
const HEADLESS_SHELL = process.env.CHROME_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell'
const shell = !process.env.CHROME_PATH && existsSync(HEADLESS_SHELL)

const AD = (n, extra = {}) => ({
  code: `ADS000000000${n}`,
  title: `Ad ${n}`,
  label: `Label ${n}`,
  url: `https://shop.example/${n}`,
  link: `Open ${n}`,
  target: n === 2 ? '_blank' : '_self',
  size: null,
  display: 'Home Slider Ads',
  tags: null,
  description: `<p>Description <strong>${n}</strong></p>`,
  image: `/widget/ads/test-image.svg?${n}`,
  images: [],
  ...extra,
})

const HOSTILE = AD(9, {
  description:
    '<p>Hi<script>window.__pwned = 1</script></p><img src="x" onerror="window.__pwned = 2"><a href="javascript:window.__pwned = 3">x</a><iframe src="https://evil.example"></iframe>',
  url: 'javascript:alert(1)',
})

const attempts = new Map()
const beacons = new Map()

/** `/mock/<scenario>/ads/events`: keeps each POSTed batch (and its type); GET lists them. */
async function mockAdEvents(ctx, next) {
  const match = /^\/mock\/([^/]+)\/ads\/events$/.exec(ctx.path)
  if (!match) return next()
  const [, scenario] = match
  if (!beacons.has(scenario)) beacons.set(scenario, [])
  if (ctx.method === 'POST') {
    let text = ''
    for await (const chunk of ctx.req) text += chunk
    beacons.get(scenario).push({ type: ctx.get('content-type'), body: JSON.parse(text) })
    ctx.status = 202
    return
  }
  ctx.type = 'application/json'
  ctx.body = JSON.stringify(beacons.get(scenario))
}

/** `/mock/<scenario>/ads/<slug>?limit=N`: answers as the scenario says. */
async function mockAdsApi(ctx, next) {
  const match = /^\/mock\/([^/]+)\/ads\/([^/]*)$/.exec(ctx.path)
  if (!match) return next()
  const [, scenario] = match
  const count = (attempts.get(scenario) ?? 0) + 1
  attempts.set(scenario, count)
  const limit = Number(ctx.query.limit ?? 1)
  const json = (status, body, headers = {}) => {
    ctx.status = status
    ctx.type = 'application/json'
    for (const [name, value] of Object.entries(headers)) ctx.set(name, value)
    ctx.body = JSON.stringify(body)
  }
  const ads = (list) =>
    limit === 1
      ? json(200, { status: 'success', code: 200, data: list[0], count: 1, request_id: 'req_1' })
      : json(200, { status: 'success', code: 200, data: list.slice(0, limit), count: Math.min(limit, list.length) })
  const kind = scenario.replace(/-.*$/, '')
  if (kind === 'slow') await new Promise((resolve) => setTimeout(resolve, 400))
  if (kind === 'three' || kind === 'slow') return ads([AD(1), AD(2), AD(3)])
  if (kind === 'two') return ads([AD(1), AD(2)])
  if (kind === 'hostile') return ads([HOSTILE])
  if (kind === 'empty') return json(404, { status: 'info', code: 404, message: 'No ads found' })
  if (kind === 'forbidden')
    return json(403, { status: 'error', code: 403, message: 'origin http://localhost is not allowed for this API key' })
  if (kind === 'limited')
    return count === 1
      ? json(429, { status: 'error', code: 429, message: 'rate limit exceeded' }, { 'Retry-After': '1' })
      : ads([AD(1), AD(2), AD(3)])
  if (kind === 'failing') return count === 1 ? json(503, { status: 'error', code: 503, message: 'busy' }) : ads([AD(1), AD(2), AD(3)])
  if (kind === 'echo')
    return ads([AD(1, { title: `slug ${match[2]} limit ${limit} random ${ctx.query.random} auth ${ctx.get('authorization')}` })])
  return json(500, { status: 'error', code: 500, message: `unknown scenario ${scenario}` })
}

export default {
  // *.node.test.ts run in Vitest: js-xss (the fallback sanitiser) ships CommonJS, which only a bundler converts for browsers.
  files: ['widget/**/*.test.ts', '!widget/**/*.node.test.ts'],
  nodeResolve: true,
  concurrency: 1,
  middleware: [mockAdEvents, mockAdsApi],
  plugins: [esbuildPlugin({ ts: true, target: 'es2022' })],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: shell ? HEADLESS_SHELL : (process.env.CHROME_PATH ?? '/usr/bin/chromium'),
        headless: shell ? 'shell' : true,
        args: [
          '--no-sandbox',
          ...(shell ? [] : ['--headless=new']),
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
          // Flags to try, as e2e/chromium.ts takes them (scripts/measure-chromium-cpu.mjs --wtr).
          ...(process.env.SVC_TEST_CHROMIUM_ARGS?.split(' ').filter(Boolean) ?? []),
        ],
      },
    }),
  ],
  testFramework: { config: { timeout: 10000 } },
}
