/**
 * @module Vitest global set-up: one Chromium of each kind for the whole
 * run, where each test worker launched its own. It starts a broker on
 * loopback and names it to the workers ({@link CHROMIUM_BROKER_VARIABLE});
 * the first worker to ask for a kind makes the broker launch that kind as
 * a Playwright browser server (`chromium.launchServer`), and every worker
 * connects to it (`chromium.connect`), so a run without browser tests
 * launches nothing. The Playwright server side runs in this process (the
 * Vitest main process), the pages' DevTools traffic of every worker with
 * it. Launching per worker cost about 1.2 CPU-s a shell and 2.5 a whole
 * browser (its GPU process, network service and zygote included), four
 * workers each.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type BrowserServer, chromium } from 'playwright-core'
import { DEBIAN_INSTALLED, machineStep } from '../server/testing/machine-setup.js'
import { CHROMIUM_BROKER_VARIABLE, chromiumLaunchOptions, type ChromiumKind } from './chromium-launch.js'

/** Whether a broker's path names a kind of Chromium. */
const isKind = (name: string): name is ChromiumKind => name === 'shell' || name === 'browser'

export default async function setup(): Promise<() => Promise<void>> {
  // Every project of the run (sqlite, sqlite-hashing…) runs this set-up in the one Vitest process: the first serves them all.
  if (process.env[CHROMIUM_BROKER_VARIABLE]) return async () => undefined
  const servers = new Map<ChromiumKind, Promise<BrowserServer>>()
  const serverOf = (kind: ChromiumKind) => {
    if (!servers.has(kind)) {
      // On a machine `.ci/run` is still setting up, once Debian's Chromium is installed.
      const launched = machineStep(DEBIAN_INSTALLED, "The Debian install (Chromium's packages)").then(() =>
        chromium.launchServer({ ...chromiumLaunchOptions(kind), host: '127.0.0.1' }),
      )
      servers.set(kind, launched)
      // A browser that crashed or failed to launch is launched again for the next worker that asks.
      void launched.then(
        (server) => server.on('close', () => servers.delete(kind)),
        () => servers.delete(kind),
      )
    }
    return servers.get(kind)!
  }
  const broker = createServer((request, response) => {
    const kind = request.url?.slice(1) ?? ''
    if (!isKind(kind)) return void response.writeHead(404).end(`no Chromium named ${kind}`)
    void serverOf(kind).then(
      (server) => response.end(server.wsEndpoint()),
      (error: unknown) => response.writeHead(500).end(String(error)),
    )
  })
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve))
  // The test workers are started after this and inherit the variable.
  process.env[CHROMIUM_BROKER_VARIABLE] = `http://127.0.0.1:${(broker.address() as AddressInfo).port}`
  return async () => {
    broker.close()
    await Promise.all([...servers.values()].map((launched) => launched.then((server) => server.close()).catch(() => undefined)))
    delete process.env[CHROMIUM_BROKER_VARIABLE]
  }
}
