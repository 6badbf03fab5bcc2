import pg from 'pg'
import { inJobRun } from '#server/kernel/index.ts'
import type { TestApi } from './harness.ts'

/**
 * How many SQL statements the booking calls cost (docs/decisions/035-availability-at-marketplace-scale.md),
 * counted at the driver: PGlite's query and transaction (BEGIN and COMMIT count as two), or every
 * node-postgres client query when TEST_DATABASE_URL runs the tests on PostgreSQL.
 */
type Query = (...args: unknown[]) => Promise<unknown>
// the background loops (webhook delivery, sweepers, the job queue's polling, the notifier's relay
// of queued messages, reading them and marking them sent) are not the call's; nor is the one
// notice to the other instances after commit (docs/decisions/036-several-api-instances.md)
const BACKGROUND =
  /webhook_deliveries|outbox|"payments" set|lapsed|pgboss|pg_notify|from "notifications" where \("notifications"\."transport"|update "notifications" set "transport"/
interface PgliteLike {
  query: Query
  transaction: (fn: (tx: { query: Query }) => Promise<unknown>) => Promise<unknown>
}

export interface Counter {
  readonly count: number
  /** the statements counted, with the name node-postgres prepares them under (PostgreSQL only) */
  readonly seen: { readonly text: string; readonly name: string | undefined }[]
  stop(): void
}

export function countStatements(api: TestApi): Counter {
  const counter = { count: 0, seen: [] as Counter['seen'], stop: (): void => undefined }
  const counted =
    (query: Query): Query =>
    (...args) => {
      const [first] = args
      const config =
        typeof first === 'object' && first !== null ? (first as pg.QueryConfig) : undefined
      const text = typeof first === 'string' ? first : (config?.text ?? JSON.stringify(first))
      // a job's run (a sweep, the rebuild planner) that fell inside the call is not the call's
      if (!BACKGROUND.test(text) && !inJobRun()) {
        counter.count += 1
        counter.seen.push({ text, name: config?.name })
      }
      return query(...args)
    }
  if (process.env.TEST_DATABASE_URL) {
    const original = pg.Client.prototype.query as Query
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      return counted((...a) => original.apply(this, a))(...args)
    } as typeof pg.Client.prototype.query
    counter.stop = () => {
      pg.Client.prototype.query = original as typeof pg.Client.prototype.query
    }
    return counter
  }
  const client = (api.db as unknown as { $client: PgliteLike }).$client
  const { query, transaction } = client
  client.query = counted(query.bind(client))
  client.transaction = (fn) => {
    counter.count += 2
    return transaction.call(client, (tx) => {
      tx.query = counted(tx.query.bind(tx))
      return fn(tx)
    })
  }
  counter.stop = () => {
    client.query = query
    client.transaction = transaction
  }
  return counter
}
