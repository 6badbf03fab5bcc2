import type { CompanyRow, JsonObject } from '#server/db/schema/index.ts'
import type { Outcome } from './providers/types.ts'

/** What settle, succeed and refuse share; apart so that none of them imports another for types. */
export interface SettleInput {
  readonly company: CompanyRow
  readonly paymentId: string
  readonly outcome: Outcome
  /** payment_events key of this delivery: the same key twice changes nothing */
  readonly eventKey: string
  readonly source: 'initialize' | 'callback' | 'pay' | 'success' | 'notification'
  readonly payload?: JsonObject
}

/** What became of the payment, as pay and success report it. */
export type Settled =
  | {
      readonly status: 'succeeded'
      readonly orderId: string
      /** decision 012: the order is confirmed, this amount is to be paid at the shop */
      readonly amountDue?: { readonly amount: number; readonly currency: string }
    }
  | { readonly status: 'pending' }
  | { readonly status: 'requiresAction'; readonly redirectUrl?: string }
  | { readonly status: 'failed'; readonly errorType: string; readonly message: string }
