/**
 * @module `npm run bench [ads|metrics|events|oidc|login|webhooks|widget|start|idle]`: runs the benchmarks (all by default)
 * and prints each one's ratios against the baseline measured in the same run.
 */
import { benchAdsApi } from './ads-api.bench.js'
import { benchMetrics } from './metrics.bench.js'
import { benchAdEvents } from './ad-events.bench.js'
import { benchIdentityProvider } from './oidc.bench.js'
import { benchLoginFlood } from './login-flood.bench.js'
import { benchWebhooks } from './webhooks.bench.js'
import { benchWidget } from './widget.bench.js'
import { benchStart } from './start.bench.js'
import { benchIdleCost } from './idle-cost.bench.js'

const only = process.argv[2]
if (!only || only === 'ads') await benchAdsApi()
if (!only || only === 'metrics') await benchMetrics()
if (!only || only === 'events') await benchAdEvents()
if (!only || only === 'oidc') await benchIdentityProvider()
if (!only || only === 'login') await benchLoginFlood()
if (!only || only === 'webhooks') await benchWebhooks()
if (!only || only === 'widget') await benchWidget()
if (!only || only === 'start') await benchStart()
if (!only || only === 'idle') await benchIdleCost()
