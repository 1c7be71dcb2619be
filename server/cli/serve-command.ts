/**
 * @module `serve`: runs the BFF over HTTP until SIGTERM or SIGINT, then
 * stops accepting connections, finishes the requests in flight and closes
 * the database.
 */
import type { RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createBff } from '../app.js'
import type { LogoutTokenSigner } from '../webhooks/backchannel-logout.js'
import { closeGracefully, httpServer } from '../http/http-server.js'
import { isPostgres } from '../db/open-database.js'
import { readableByOthersWarning } from '../db/private-files.js'
import { configureLog, flushLog, log } from '../log.js'
import { webhookWorker } from '../webhooks/worker.js'
import { mailTransport } from '../mail/mail-transport.js'
import { mailWorker } from '../mail/mail-worker.js'
import { mailSettingsFrom } from './mail-settings.js'
import { adStatisticsWriter } from '../ad-statistics/ad-statistics-writer.js'
import { brandingFrom } from './brand-settings.js'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../demo/seed-demo.js'
import { CliError } from './cli-error.js'
import { type CliIo, type CommandOutput, databaseFrom, demoCredentialsFile, redactedDatabaseUrl } from './context.js'
import { parseFlags } from './flags.js'
import { readSettings, testOnlySigningKey } from '../settings.js'
import { logStarted, logStopped } from './lifecycle-log.js'
import { bootstrapRequestFrom } from '../setup/bootstrap-operator.js'
import { announceSetupLink, bootstrapOnStart } from '../setup/first-start.js'
import { databaseReadings } from './metrics-readings.js'
import { listenForScrapes } from '../metrics/metrics-port.js'
import { announceServerReady } from '../launcher/server-ready.js'

export const SERVE_USAGE =
  'serve [--port 8787] [--host 127.0.0.1] [--issuer URL] [--jwks-cache-seconds 21600] [--trusted-proxies ADDRESS,CIDR...] [--image-quota-mb 200] [--demo]'

/**
 * Starts the server and resolves once it listens; the process then stays up.
 *
 * @example
 * await serveCommand(['--port', '8787', '--demo'], io)
 */
export async function serveCommand(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, {
    port: { type: 'string' },
    host: { type: 'string' },
    issuer: { type: 'string' },
    'jwks-cache-seconds': { type: 'string' },
    'trusted-proxies': { type: 'string' },
    'image-quota-mb': { type: 'string' },
    demo: { type: 'boolean' },
  })
  // Every setting is read before anything opens, so a bad one stops the command cleanly.
  const settings = readSettings(values, io.env)
  const firstSigningKey = testOnlySigningKey(io.env)
  configureLog(settings)
  const { port, host: hostname, issuer: configuredIssuer, trustedProxies, sqlitePath, signup } = settings
  const allowPrivate = settings.webhookAllowPrivate
  const mail = mailSettingsFrom(settings)
  // A mistake in the bootstrap variables stops the start here, before anything opens.
  const bootstrap = bootstrapRequestFrom(settings)
  // Migrating a SQLite file that is not new copies it beside itself first (open-database.ts).
  const db = await databaseFrom(settings, { backupBeforeMigrating: true })
  const database = settings.databaseUrl === undefined ? sqlitePath : redactedDatabaseUrl(settings.databaseUrl)
  // New files are made private; older ones are only reported, with the chmod to run.
  const readable = isPostgres(db) || sqlitePath === ':memory:' ? undefined : readableByOthersWarning(sqlitePath)
  if (readable) log('warn', readable)
  if (bootstrap)
    await bootstrapOnStart(db, bootstrap).catch(async (error: unknown) => {
      await db.destroy()
      throw error
    })

  let demoApiKey: string | undefined
  // The server listens before the demo is seeded so that the seed's image
  // URLs can name the port actually bound (--port 0 picks a free one);
  // until the app is ready it answers 503.
  let listener: RequestListener = (req, res) => {
    // Up, though not ready yet.
    if (req.url === '/healthz') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok"}')
    res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' })
    res.end('{"status":"error","code":503,"message":"starting"}')
  }
  let draining = false
  let logoutTokens: LogoutTokenSigner | undefined
  const adStatistics = adStatisticsWriter({ db, flushMs: settings.adStatsFlushSeconds * 1000 })
  // Metrics are counted only when something can read them: a token for /metrics, or the loopback port.
  const metrics =
    settings.metricsToken !== undefined || settings.metricsPort !== undefined
      ? (await import('../metrics/svc-metrics.js')).svcMetrics({ readings: databaseReadings(db) })
      : undefined
  metrics?.collectProcessDefaults()
  const server = httpServer((req, res) => listener(req, res), { requestTimeoutSeconds: settings.requestTimeoutSeconds })
  const listening = await new Promise<AddressInfo>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(listenFailure(error, port, hostname)))
    server.listen(port, hostname, () => resolve(server.address() as AddressInfo))
  })
    .then(async (address) => {
      const issuer = configuredIssuer ?? `http://localhost:${address.port}`
      const credentialsFile = isPostgres(db) ? undefined : demoCredentialsFile(sqlitePath)
      let demoClientId: string | undefined
      if (values.demo) ({ api_key: demoApiKey, client_id: demoClientId } = await seedDemo(db, { publicUrl: issuer, credentialsFile }))
      const bff = createBff({
        db,
        demoApiKey,
        demoClientId,
        issuer,
        keySetCacheMs: settings.jwksCacheSeconds * 1000,
        firstSigningKey,
        ...(trustedProxies === undefined ? {} : { trustedProxies }),
        webhookAllowPrivate: allowPrivate,
        webhookDisableAfterMs: settings.webhookDisableAfterMs,
        signup,
        branding: brandingFrom(settings),
        draining: () => draining,
        adStatistics,
        imageQuotaBytes: settings.imageQuotaMb * 1024 * 1024,
        apiRequestsPerMinute: settings.apiRequestsPerMinute,
        accessLog: settings.accessLog,
        metrics,
        metricsToken: settings.metricsToken,
      })
      listener = bff.listener
      // The worker signs back-channel logout tokens with the issuer and keys that sign id_tokens.
      logoutTokens = { issuer: bff.provider.issuer, keys: bff.provider.keys }
      return address
    })
    .catch(async (error) => {
      server.close()
      await db.destroy()
      throw error
    })

  const metricsServer =
    metrics && settings.metricsPort !== undefined
      ? await listenForScrapes(metrics, settings.metricsPort).catch(async (error: NodeJS.ErrnoException) => {
          server.close()
          await db.destroy()
          throw error.code === 'EADDRINUSE'
            ? new CliError(`metrics port ${settings.metricsPort} is already in use; choose another with SVC_METRICS_PORT`)
            : error
        })
      : undefined
  const failing = { disableAfterMs: settings.webhookDisableAfterMs, issuer: logoutTokens?.issuer, branding: brandingFrom(settings) }
  const worker = webhookWorker({ db, allowPrivate, leaseMs: settings.webhookLeaseSeconds * 1000, metrics, logoutTokens, failing })
  worker.start()
  const transport = mailTransport(mail)
  const mailer = mailWorker({ db, transport, metrics })
  mailer.start()
  adStatistics.start()

  // SIGTERM: stop accepting connections and claiming deliveries, let the
  // requests and attempts in flight finish, write the ad counts still in
  // memory, then close the database.
  const shutDown = (signal: NodeJS.Signals) => {
    draining = true
    const drainStarted = performance.now()
    const httpClosed = closeGracefully(server)
    void metricsServer?.close()
    void Promise.all([httpClosed, worker.stop(), mailer.stop()])
      .then(() => adStatistics.stop())
      .then(() => transport.close())
      .then(() => db.destroy())
      .then(
        () => logStopped({ reason: signal, drainMs: Math.round(performance.now() - drainStarted) }),
        (error: unknown) => {
          logStopped({ reason: signal, drainMs: Math.round(performance.now() - drainStarted), error: (error as Error).message })
          process.exitCode = 1
        },
      )
      .finally(() => {
        flushLog()
        process.exit()
      })
  }
  process.once('SIGTERM', shutDown)
  process.once('SIGINT', shutDown)

  const base = configuredIssuer ?? `http://localhost:${listening.port}`
  const listen = `http://${listening.address.includes(':') ? `[${listening.address}]` : listening.address}:${listening.port}`
  await logStarted(db, { listen, issuer: base, settings, mailFolder: mail.folder })
  // Said on stderr, so that `--json` keeps stdout to its one object, and never in that object.
  if (!bootstrap) await announceSetupLink(db, { issuer: base, say: io.stderr })
  const scrapeAt = metricsServer?.url
  if (scrapeAt) log('info', `metrics at ${scrapeAt}`, { event: 'svc.metrics', metrics_url: scrapeAt })
  const lines = [
    `svc is listening on ${listen}`,
    ...(demoApiKey ? [`  Demo partner page  ${base}/`, `  Ads API            ${base}/ads/home-slider-ads?limit=12`] : []),
    // Without the demo there is no slot to show yet; the console is where an operator starts.
    ...(demoApiKey ? [] : [`  Console            ${base}/console`, `  Ads API            ${base}/ads/SLOT (an organisation's API key)`]),
    `  Database           ${database}`,
    `  Mail               ${mail.smtpUrl ? transport.destination : `written to ${mail.folder} (set SVC_SMTP_URL to send it)`}`,
  ]
  if (scrapeAt || settings.metricsToken)
    lines.push(`  Metrics            ${[scrapeAt, settings.metricsToken && `${base}/metrics (bearer token)`].filter(Boolean).join(', ')}`)
  if (demoApiKey)
    lines.push(
      `  Demo API key       ${demoApiKey}`,
      `  Console            ${base}/console, password "${DEMO_PASSWORD}" for:`,
      ...DEMO_ACCOUNTS.map((account) => `                     ${account.email.padEnd(24)} ${account.role}`),
      '',
      `Try: curl -H 'Authorization: Bearer ${demoApiKey}' '${base}/ads/home?limit=3'`,
    )
  // The built server's launcher saves the code this start compiled, for the next start (launcher/compile-cache.ts).
  announceServerReady()
  return {
    json: { url: base, port: listening.port, database, ...(demoApiKey ? { demo_api_key: demoApiKey } : {}) },
    text: lines.join('\n'),
  }
}

/** Why the server could not listen, in a sentence. */
function listenFailure(error: NodeJS.ErrnoException, port: number, hostname: string): Error {
  if (error.code === 'EADDRINUSE') return new CliError(`port ${port} is already in use; choose another with --port`)
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN' || error.code === 'EADDRNOTAVAIL')
    return new CliError(`cannot listen on host ${hostname}: it is not an address of this machine; choose another with --host`)
  if (error.code === 'EACCES') return new CliError(`not allowed to listen on port ${port}; choose one above 1023 with --port`)
  return error
}
