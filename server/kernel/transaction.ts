import type { Db, Tx } from '#server/db/client.ts'
import { sqlStateOf } from '#server/db/sql-state.ts'
import { conflict, Refusal } from './refusals.ts'

/** Deadlock and serialisation failure: the transaction did nothing and may simply run again. */
const RETRYABLE = new Set(['40P01', '40001'])
export const MAX_ATTEMPTS = 5

export const slotTaken = () => conflict('Conflict: this slot is no longer available.')

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 10 * attempt))

/**
 * Runs a booking write. A deadlock or serialisation failure is retried (a bounded number of
 * times, with a growing jittered pause); if it persists the caller gets 409, as for a taken slot.
 * An exclusion violation (23P01: the constraint caught an overlap the locks did not) is 409.
 * Never a 500 for a race, and never a booking half written: each attempt is one transaction
 * (`write` runs one, or is one statement, which is its own).
 */
export async function retryingBookingWrite<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write()
    } catch (error) {
      if (error instanceof Refusal) throw error
      const state = sqlStateOf(error)
      if (state === '23P01') throw slotTaken()
      if (state === undefined || !RETRYABLE.has(state)) throw error
      if (attempt >= MAX_ATTEMPTS) throw conflict('Conflict: the slot is busy, please retry.')
      await pause(attempt)
    }
  }
}

/** A booking write in one transaction, retried as retryingBookingWrite says. */
export function bookingTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return retryingBookingWrite(() => db.transaction(work))
}
