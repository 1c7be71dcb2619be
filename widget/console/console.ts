/**
 * @module The entry of `/widget/console.js`: the console's pages, with the
 * real `<svc-ads>` its previews use.
 */
import './svc-console.js'
