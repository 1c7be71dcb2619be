export * as m0001_organisations_keys_ads from './0001_organisations_keys_ads.js'
export * as m0002_identity_provider from './0002_identity_provider.js'
export * as m0003_webhooks from './0003_webhooks.js'
export * as m0004_shared_rate_limits from './0004_shared_rate_limits.js'
