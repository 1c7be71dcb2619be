/**
 * @module The version of svc this code is: package.json's, read at build
 * time, so the bundle (esbuild inlines a JSON import) and the single
 * executable print it without a package.json beside them.
 */
import packageJson from '../package.json' with { type: 'json' }

/**
 * svc's version, as package.json states it.
 *
 * @example
 * log.info('starting', { version: SVC_VERSION })
 */
export const SVC_VERSION: string = packageJson.version
