import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createDatabase, type Database } from '#server/db/client.ts'
import { isDatabaseEmpty, seedTenants } from '#server/db/seed.ts'
import { onClientError } from '#server/http/client-error.ts'
import { purgeExpiredTokens } from '#server/services/auth/tokens.ts'
import { startHoldSweeper } from '#server/services/booking/expiry.ts'
import { DEVELOPMENT_NOTIFICATION_KEY } from '#server/services/notifier/seal.ts'
import { startPaymentSweeper } from '#server/services/payments/sweeper.ts'
import { createPublisher, type PublisherOptions } from '#server/services/webhooks/publisher.ts'
import { type AppOptions, createApp } from './app.ts'
import type { Config } from './config.ts'

export interface StartOptions {
  /** Seed from this folder when the database is empty (default config.tenantsDir; false: never). */
  readonly seedFrom?: string | false
  /** Delivery loop tuning, for tests that cannot wait minutes for a retry. */
  readonly webhooks?: Pick<PublisherOptions, 'baseDelayMs' | 'maxDelayMs' | 'pollMs' | 'timeoutMs'>
  readonly extend?: AppOptions['extend']
}

export interface RunningApi {
  readonly url: string
  readonly port: number
  readonly database: Database
  close(): Promise<void>
}

/**
 * Opens the database, applies the migrations, seeds the demo tenants into an empty database,
 * starts the webhook delivery loop and listens. The start message names the database in use.
 */
export async function startApi(config: Config, options: StartOptions = {}): Promise<RunningApi> {
  if (config.notificationKey.equals(DEVELOPMENT_NOTIFICATION_KEY)) {
    config.log(
      'warning: NOTIFICATION_KEY is not set: message secrets are sealed with the public development key (refused in production)',
    )
  }
  const database = await createDatabase({
    url: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    poolMax: config.databasePoolMax,
  })
  try {
    await database.migrate()
    await purgeExpiredTokens(database.db)
    if (options.seedFrom !== false && (await isDatabaseEmpty(database.db))) {
      // The first seed is one transaction: a crash part-way leaves the database empty, so the
      // next start seeds every tenant instead of finding some and skipping the rest
      // (docs/decisions/015-crash-safety.md).
      const root = options.seedFrom ?? config.tenantsDir
      await database.db.transaction((tx) => seedTenants(tx, { log: config.log, root }))
    }
  } catch (error) {
    await database.close()
    throw error
  }
  const publisher = createPublisher({
    db: database.db,
    urls: config.publishWebhookUrls,
    secret: config.publishWebhookSecret,
    dispatch: config.githubDispatch,
    log: config.log,
    ...options.webhooks,
  })
  publisher.start()
  // Lapsed holds and unpaid carts free their slots, stock and pending vouchers in the background.
  const sweepers = [
    startHoldSweeper(database.db, { log: config.log }),
    startPaymentSweeper(database.db, { log: config.log }),
  ]
  const app = createApp({ db: database.db, config, publisher, extend: options.extend })

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const created = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
      resolve(created),
    )
    created.once('error', reject)
  })
  // Requests Node refuses before routing answer in the normalised error shape (docs/product/8-errors.md).
  server.on('clientError', onClientError(config.log))
  const port = (server.address() as AddressInfo).port
  const url = `http://${config.host}:${port}`
  config.log(`API listening on ${url} (database: ${database.description})`)

  let closing: Promise<void> | undefined
  return {
    url,
    port,
    database,
    close() {
      closing ??= (async () => {
        // Stop taking requests (and end idle keep-alive sockets), then stop the loop, then the db.
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          if ('closeIdleConnections' in server) server.closeIdleConnections()
        })
        await Promise.all(sweepers.map((sweeper) => sweeper.stop()))
        await publisher.stop()
        await database.close()
      })()
      return closing
    },
  }
}
