import { describe, expect, it } from 'vitest'
import type { PaymentInitializeResponse, PaymentPayResponse } from '#contract/payment'
import {
  appliedCoupon,
  createPayer,
  discountLine,
  initialPaymentState,
  isFreePayment,
  type PaymentStepState,
  payDisabled,
  paymentStepReducer,
} from './payment-step-state'

const eur = (amount: number) => ({ amount, currency: 'EUR' })

function init(total: number, discount = 0, coupon?: number): PaymentInitializeResponse {
  return {
    cartId: 'cart-1',
    result: { token: 'tok' },
    prices: { subtotal: eur(total + discount), discount: eur(discount), total: eur(total) },
    ...(coupon === undefined ? {} : { coupon: { code: 'SPRING', discount: eur(coupon) } }),
  }
}

describe('payment step reducer', () => {
  it('starts unavailable without a key, else initializing', () => {
    expect(initialPaymentState(true).phase).toBe('unavailable')
    expect(initialPaymentState(false)).toEqual({
      phase: 'initializing',
      init: null,
      error: null,
      form: 'none',
    })
  })

  it('goes through initialize, the form, paying, a refusal and done', () => {
    const steps: PaymentStepState[] = []
    let state = initialPaymentState(false)
    const run = (action: Parameters<typeof paymentStepReducer>[1]) => {
      state = paymentStepReducer(state, action)
      steps.push(state)
    }
    run({ type: 'initFailed', message: 'Indisponible' })
    expect(state).toMatchObject({ phase: 'initError', error: 'Indisponible' })
    run({ type: 'initialize' })
    expect(state).toMatchObject({ phase: 'initializing', error: null, init: null })
    run({ type: 'initialized', init: init(5000) })
    expect(state).toMatchObject({ phase: 'ready', form: 'none' })
    run({ type: 'formLoading' })
    expect(payDisabled(state, true)).toBe(true)
    expect(payDisabled(state, false)).toBe(false)
    run({ type: 'formReady' })
    expect(payDisabled(state, true)).toBe(false)
    run({ type: 'paying' })
    expect(payDisabled(state, false)).toBe(true)
    run({ type: 'failed', message: 'Carte refusée' })
    expect(state).toMatchObject({ phase: 'ready', error: 'Carte refusée', form: 'ready' })
    run({ type: 'paying' })
    expect(state.error).toBeNull()
    run({ type: 'done' })
    expect(state.phase).toBe('done')
  })

  it('mounts the form again for a renewed payment, and reports a form that did not load', () => {
    const ready: PaymentStepState = { phase: 'ready', init: init(5000), error: 'x', form: 'ready' }
    const renewed = paymentStepReducer(ready, { type: 'renewed', init: init(4000) })
    expect(renewed).toEqual({ phase: 'ready', init: init(4000), error: null, form: 'none' })
    expect(paymentStepReducer(ready, { type: 'formCleared' }).form).toBe('none')
    expect(paymentStepReducer(ready, { type: 'formBroken', message: 'Erreur' })).toMatchObject({
      form: 'error',
      error: 'Erreur',
      phase: 'ready',
    })
    expect(paymentStepReducer(ready, { type: 'error', message: null }).error).toBeNull()
  })
})

describe('payment step rules', () => {
  it('takes nothing online for the free provider or a total of zero', () => {
    expect(isFreePayment('free', null)).toBe(true)
    expect(isFreePayment('stripe', null)).toBe(false)
    expect(isFreePayment('stripe', init(0, 5000))).toBe(true)
    expect(isFreePayment('paypal', init(100))).toBe(false)
  })

  it('shows only the vouchers on the discount line when the coupon field shows the coupon', () => {
    expect(discountLine(init(3000, 2000, 500), true)).toEqual({ amount: 1500, vouchers: true })
    expect(discountLine(init(3000, 2000, 500), false)).toEqual({ amount: 2000, vouchers: false })
    expect(discountLine(init(3000, 2000), true)).toEqual({ amount: 2000, vouchers: false })
    expect(discountLine(null, true)).toEqual({ amount: 0, vouchers: false })
  })

  it("keeps the cart coupon's name only for the same code", () => {
    const initial = { code: 'SPRING', name: 'Printemps', discount: 500, total: 4500 }
    expect(appliedCoupon(init(4500, 500, 500), 'spring', initial)).toEqual({
      code: 'SPRING',
      name: 'Printemps',
      discount: 500,
      total: 4500,
    })
    expect(appliedCoupon(init(4500), 'OTHER', initial)).toEqual({
      code: 'OTHER',
      name: '',
      discount: 0,
      total: 4500,
    })
  })
})

describe('createPayer', () => {
  function payer(answer: () => Promise<PaymentPayResponse>) {
    const log: unknown[] = []
    const pay = createPayer({
      pay: (body) => {
        log.push(['pay', body])
        return answer()
      },
      navigate: (url) => log.push(['navigate', url]),
      returnUrl: 'https://salon.test/fr/payments/rdvcheck?x=1',
      succeeded: (result) => log.push(['succeeded', result]),
      failed: (report) => log.push(['failed', report]),
    })
    return { log, pay }
  }

  it('reports success with the order, and an amount due at the shop', async () => {
    const paid = payer(async () => ({ status: 'succeeded', orderId: 'o1' }))
    await paid.pay('c1', 'tok')
    expect(paid.log).toEqual([
      ['pay', { cartId: 'c1', paymentToken: 'tok' }],
      ['succeeded', { cartId: 'c1', orderId: 'o1' }],
    ])
    const due = payer(async () => ({ status: 'succeeded', orderId: 'o2', amountDue: eur(700) }))
    await due.pay('c2', undefined)
    expect(due.log).toEqual([
      ['pay', { cartId: 'c2' }],
      ['succeeded', { cartId: 'c2', orderId: 'o2', amountDue: 700 }],
    ])
  })

  it('follows a redirect, sends a pending payment to the return page, reports a refusal', async () => {
    const redirect = payer(async () => ({ status: 'requiresAction', redirectUrl: 'https://3ds/' }))
    await redirect.pay('c1', undefined)
    expect(redirect.log[1]).toEqual(['navigate', 'https://3ds/'])
    const pending = payer(async () => ({ status: 'pending' }))
    await pending.pay('c1', undefined)
    expect(pending.log[1]).toEqual([
      'navigate',
      'https://salon.test/fr/payments/rdvcheck?x=1&cartId=c1',
    ])
    const refused = payer(async () => ({
      status: 'failed',
      errorType: 'card_error',
      message: 'Declined',
    }))
    await refused.pay('c1', undefined)
    expect(refused.log[1]).toEqual([
      'failed',
      { cartId: 'c1', errorType: 'card_error', message: 'Declined' },
    ])
  })

  it('turns a failed pay call into the generic api_error', async () => {
    const broken = payer(() => Promise.reject(new Error('network')))
    await broken.pay('c1', 'tok')
    expect(broken.log[1]).toEqual([
      'failed',
      { cartId: 'c1', errorType: 'api_error', message: null },
    ])
  })
})
