import * as z from 'zod/mini'
import { defineCall } from '../call'
import { ack, id } from '../common'
import {
  dueAtShopResponse,
  paymentAtShopRequest,
  paymentAtShopResponse,
  paymentCallbackRequest,
  paymentConnectResponse,
  paymentInitializeRequest,
  paymentInitializeResponse,
  paymentPayRequest,
  paymentPayResponse,
  paymentRefundRequest,
  paymentRefundResponse,
  paymentScenarioRequest,
  paymentScenarioResponse,
  paymentSuccessResponse,
  paymentTokenRequest,
  paymentTokenResponse,
  paymentUpdateMessageRequest,
} from '../payment'
import { FIRST_OWNER, FIRST_PROVIDER } from './crud'

/** docs/product/7-calls.md Payment. A visitor may pay without an account, hence 'optional'. */
const PAYER = { group: 'first', auth: 'optional' } as const

export const paymentInitialize = defineCall({
  method: 'POST',
  path: '/api/payment/initialize',
  ...PAYER,
  body: paymentInitializeRequest,
  response: paymentInitializeResponse,
})

export const paymentUpdateMessage = defineCall({
  method: 'POST',
  path: '/api/payment/update-message',
  ...PAYER,
  body: paymentUpdateMessageRequest,
  response: ack,
})

/** free provider; the path carries the company because the call may come without headers */
export const paymentCallback = defineCall({
  method: 'POST',
  path: '/api/payment/callback/:companyToken',
  ...PAYER,
  params: z.object({ companyToken: z.string().check(z.minLength(1)) }),
  query: z.object({ payId: id }),
  body: paymentCallbackRequest,
  response: ack,
})

export const paymentPay = defineCall({
  method: 'POST',
  path: '/api/payment/pay',
  ...PAYER,
  body: paymentPayRequest,
  response: paymentPayResponse,
})

export const paymentRefund = defineCall({
  method: 'POST',
  path: '/api/payment/refund',
  ...FIRST_OWNER,
  /** the query parameters: which provider account refunds */
  query: z.object({ shopId: z.optional(id) }),
  body: paymentRefundRequest,
  response: paymentRefundResponse,
})

/** decision 012: the shop records the payment of an order due at the shop (free provider) */
export const paymentAtShop = defineCall({
  method: 'POST',
  path: '/api/payment/at-shop',
  ...FIRST_PROVIDER,
  /** as refund: only an order of this shop */
  query: z.object({ shopId: z.optional(id) }),
  body: paymentAtShopRequest,
  response: paymentAtShopResponse,
})

/** the orders the staff's shops await payment for at the desk (e-shop orders, gift vouchers) */
export const paymentDueAtShop = defineCall({
  method: 'GET',
  path: '/api/payment/due-at-shop',
  ...FIRST_PROVIDER,
  query: z.object({ shopId: z.optional(id) }),
  response: dueAtShopResponse,
})

export const paymentPayzenRefund = defineCall({
  method: 'POST',
  path: '/api/payment/payzen/refund',
  ...FIRST_OWNER,
  body: paymentRefundRequest,
  response: paymentRefundResponse,
})

export const paymentToken = defineCall({
  method: 'POST',
  path: '/api/payment/token',
  ...PAYER,
  body: paymentTokenRequest,
  response: paymentTokenResponse,
})

export const paymentGetScenario = defineCall({
  method: 'POST',
  path: '/api/payment/get-scenario',
  ...PAYER,
  body: paymentScenarioRequest,
  response: paymentScenarioResponse,
})

/** the return page (payments/rdvcheck) confirms the cart :id was paid */
export const paymentSuccess = defineCall({
  method: 'POST',
  path: '/api/payment/success/:id',
  ...PAYER,
  params: z.object({ id }),
  response: paymentSuccessResponse,
})

/** whether the shop's payment account is connected (stripe connect); false on failure */
export const paymentConnect = defineCall({
  method: 'GET',
  path: '/api/payment/connect',
  ...PAYER,
  query: z.object({ shopId: id }),
  response: paymentConnectResponse,
})

export const paymentCalls = {
  initialize: paymentInitialize,
  updateMessage: paymentUpdateMessage,
  callback: paymentCallback,
  pay: paymentPay,
  refund: paymentRefund,
  atShop: paymentAtShop,
  dueAtShop: paymentDueAtShop,
  payzenRefund: paymentPayzenRefund,
  token: paymentToken,
  getScenario: paymentGetScenario,
  success: paymentSuccess,
  connect: paymentConnect,
}
