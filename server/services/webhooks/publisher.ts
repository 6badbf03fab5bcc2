import { publishEvent, type PublishEvent as SentEvent } from '#contract/publish-event.ts'
import type { Db } from '#server/db/client.ts'
import { webhookDeliveries } from '#server/db/schema/index.ts'
import { createDelivery, type DeliveryOptions } from './delivery.ts'
import { dispatchBody } from './github-dispatch.ts'

/**
 * What changed (docs/decisions/070-publish-event-in-the-contract.md): the event the contract
 * defines without its time, which `record` adds, plus the company the outbox rows belong to.
 * The serve process rebuilds `host` only, and of it what `kind`, `id` and `languages` reach.
 */
export type PublishEvent = Omit<SentEvent, 'at'> & { readonly companyId: number }

export interface PublisherOptions extends DeliveryOptions {
  /** Receivers (PUBLISH_WEBHOOK_URLS); none and no GitHub relay: nothing is recorded. */
  readonly urls: readonly string[]
}

export interface Publisher {
  /**
   * Writes one outbox row per receiver URL, plus one repository dispatch when the GitHub relay
   * is configured. Pass the transaction of the change: nothing is sent before it commits, and
   * the write never waits for a receiver.
   */
  record(db: Db, event: PublishEvent): Promise<void>
  /** Wakes the delivery loop; call it after the change committed. */
  notify(): void
  start(): void
  /** Stops the loop and waits for the pass in progress. */
  stop(): Promise<void>
  /** Delivers every due row once; returns how many were delivered. */
  deliverDue(): Promise<number>
}

/**
 * Publish webhooks (the outbox pattern): the change and its outbox rows commit together, then a
 * background loop delivers them, retrying until the receiver answers, so no publish is lost
 * while the receiver is down or the API restarts. The body is fixed when the row is written, so
 * every retry sends identical bytes; each attempt is signed when sent (delivery.ts), so a retry
 * after hours is within the receiver's time window and a key rotated meanwhile signs it.
 */
export function createPublisher(options: PublisherOptions): Publisher {
  const { urls, log } = options
  const delivery = createDelivery(options)
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  let started = false
  let busy = false
  let again = false

  function schedule(delayMs: number): void {
    if (!started) return
    clearTimeout(timer)
    timer = setTimeout(run, delayMs)
  }

  /** One pass at a time: a wake-up during a pass runs another pass right after it. */
  function run(): void {
    if (busy) {
      again = true
      return
    }
    busy = true
    running = delivery
      .deliverDue()
      .then(() => (again ? 0 : delivery.nextDelay()))
      .catch((error: unknown) => {
        log(`webhook loop error: ${error instanceof Error ? error.message : String(error)}`)
        return delivery.pollMs
      })
      .then((delay) => {
        busy = false
        again = false
        schedule(delay)
      })
  }

  return {
    async record(db, event) {
      const { dispatch } = options
      if (urls.length === 0 && dispatch === undefined) return
      const { companyId, ...published } = event
      // Checked against the contract before it is written: the receivers refuse what it refuses,
      // and a row they refuse would be retried for ever.
      const payload = publishEvent.parse({ ...published, at: new Date().toISOString() })
      const body = JSON.stringify(payload)
      const receivers = urls.map((url) => ({ url, body }))
      if (dispatch) receivers.push({ url: dispatch.url, body: dispatchBody(payload) })
      await db.insert(webhookDeliveries).values(
        receivers.map(({ url, body }) => ({
          companyId,
          host: event.host,
          kind: event.kind,
          entityId: event.id,
          url,
          body,
          // The column predates per-attempt signing; nothing reads it any more.
          signature: '',
        })),
      )
    },
    notify: () => schedule(0),
    start() {
      started = true
      schedule(0)
    },
    async stop() {
      started = false
      clearTimeout(timer)
      await running
    },
    deliverDue: delivery.deliverDue,
  }
}
