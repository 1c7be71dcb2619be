/**
 * @module The entry of `/widget/console.js`: the console's frame, which
 * fetches each section's pages (chunks beside it in `dist/widget/`, the ad
 * form's with the real `<svc-ads>` its previews use) when one is first shown.
 */
import './svc-console.js'
