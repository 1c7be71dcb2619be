#!/usr/bin/env node
/**
 * @module The built `svc-bff` executable, `dist/server/cli.js`: runs the
 * server's bundle beside it (`cli.bundle.cjs`, built from server/cli.ts)
 * with the code cache of compile-cache.ts. scripts/server-bundle.ts builds
 * this file, as CommonJS like the bundle, and fills in the bundle's name
 * and hash.
 */
import { fileURLToPath } from 'node:url'
import { runWithCompileCache } from './compile-cache.js'

/** Filled in by the build (esbuild `define`): the bundle's file name beside this one, and a hash of its bytes. */
declare const SVC_BUNDLE: { file: string; hash: string }

// Imported from here, beside the bundle, so that packages resolve from the same node_modules as the bundle's own require.
// The code cache once was off, suspected of keeping memory after a login flood: a server with and
// without it keeps the same heap after a flood (20 MB live after a full GC, docs/operate/performance.md).
runWithCompileCache(fileURLToPath(new URL(SVC_BUNDLE.file, import.meta.url)), SVC_BUNDLE.hash, (name) => import(name))
