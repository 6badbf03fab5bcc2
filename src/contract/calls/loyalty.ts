import * as z from 'zod/mini'
import { defineCall } from '../call'
import { loyaltyCard, loyaltyExchangeRequest } from '../loyalty'
import { FIRST_CUSTOMER } from './crud'

/** docs/product/7-calls.md Loyalty (bearer). */

/** null when the customer has no card (the drawer then hides the loyalty link) */
export const loyaltyCurrent = defineCall({
  method: 'GET',
  path: '/api/loyalty/current',
  ...FIRST_CUSTOMER,
  response: z.nullable(loyaltyCard),
})

/** spends a tier's points; returns the card after the exchange */
export const loyaltyExchange = defineCall({
  method: 'POST',
  path: '/api/loyalty/exchange',
  ...FIRST_CUSTOMER,
  body: loyaltyExchangeRequest,
  response: loyaltyCard,
})

export const loyaltyCalls = { current: loyaltyCurrent, exchange: loyaltyExchange }
