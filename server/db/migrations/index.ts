export * as m0001_organisations_keys_ads from './0001_organisations_keys_ads.js'
