/**
 * @module `npm run bench`: runs every benchmark and prints its ratios
 * against the baseline measured in the same run.
 */
import { benchAdsApi } from './ads-api.bench.js'

await benchAdsApi()
