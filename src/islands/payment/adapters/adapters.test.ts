import { describe, expect, it, vi } from 'vitest'
import type { PaymentPrices } from '#contract/payment'
import type { PaypalButtonsOptions, PaypalLike } from '../paypal'
import type { KryptonLike, PayzenSubmitEvent } from '../payzen'
import type { StripeConfirmResult, StripeLoader } from '../stripe'
import { freeAdapter } from './free'
import { paypalAdapter } from './paypal'
import { payzenAdapter } from './payzen'
import { moneticoAdapter, saferpayAdapter } from './redirect'
import { stripeAdapter } from './stripe'
import type { PaymentAttempt, PaymentHooks } from './types'

const prices: PaymentPrices = {
  subtotal: { amount: 5000, currency: 'EUR' },
  discount: { amount: 0, currency: 'EUR' },
  total: { amount: 5000, currency: 'EUR' },
}

function attempt(token: string, publicKey = 'pk_1'): PaymentAttempt {
  return {
    cartId: 'cart-1',
    token,
    prices,
    publicKey,
    locale: 'fr',
    returnUrl: 'https://salon.test/fr/payments/rdvcheck',
  }
}

/** The step's side, recorded in order. */
function fakeHooks() {
  const log: unknown[] = []
  const hooks: PaymentHooks = {
    paying: () => log.push('paying'),
    pay: async (token) => {
      log.push(['pay', token])
    },
    fail: (type, message) => log.push(['fail', type, message]),
    cancelled: () => log.push('cancelled'),
  }
  return { log, hooks }
}

const target = {} as HTMLElement

describe('free adapter', () => {
  it('pays with the token on the step button, the callback sent without waiting for it', async () => {
    const callback = vi.fn(() => new Promise<never>(() => {}))
    const { log, hooks } = fakeHooks()
    const adapter = freeAdapter({ callback })
    expect(adapter).toMatchObject({ needsKey: false, payButton: 'step' })
    const session = adapter.start(attempt('free-token'), hooks)
    expect(session.mount).toBeUndefined()
    await session.submit?.()
    expect(callback).toHaveBeenCalledWith('cart-1', 'free-token', prices)
    expect(log).toEqual(['paying', ['pay', 'free-token']])
  })

  it('pays even when the callback fails', async () => {
    const { log, hooks } = fakeHooks()
    const session = freeAdapter({ callback: () => Promise.reject(new Error('down')) }).start(
      attempt('t'),
      hooks,
    )
    await session.submit?.()
    expect(log).toEqual(['paying', ['pay', 't']])
  })
})

describe('stripe adapter', () => {
  /** loadStripe of the SDK, bound to a fake Payment Element whose confirm answers `result`. */
  function fakeStripe(result: () => Promise<StripeConfirmResult>) {
    const calls: unknown[] = []
    const destroy = vi.fn()
    const loadStripe: StripeLoader = async (key, options) => {
      calls.push(['loadStripe', key, options])
      return (secret, to, locale) => {
        calls.push(['mount', secret, to, locale])
        return {
          confirm: (returnUrl) => {
            calls.push(['confirm', returnUrl])
            return result()
          },
          destroy,
        }
      }
    }
    return { calls, destroy, loadStripe }
  }

  it('loads Stripe.js with the key, mounts the Payment Element, confirms and pays with the PaymentIntent', async () => {
    const stripe = fakeStripe(async () => ({ paymentIntent: { id: 'pi_9', status: 'succeeded' } }))
    const { log, hooks } = fakeHooks()
    const adapter = stripeAdapter({ loadStripe: stripe.loadStripe })
    expect(adapter).toMatchObject({ needsKey: true, payButton: 'step-after-form' })
    const session = adapter.start(attempt('pi_9_secret'), hooks)
    await session.submit?.()
    expect(log).toEqual([]) // nothing mounted yet: the click does nothing
    expect(stripe.calls).toEqual([]) // nothing loaded before the form is mounted
    await session.mount?.(target)
    await session.submit?.()
    expect(stripe.calls).toEqual([
      ['loadStripe', 'pk_1', { locale: 'fr' }],
      ['mount', 'pi_9_secret', target, 'fr'],
      ['confirm', 'https://salon.test/fr/payments/rdvcheck?cartId=cart-1'],
    ])
    expect(log).toEqual(['paying', ['pay', 'pi_9']])
    session.destroy()
    expect(stripe.destroy).toHaveBeenCalled()
  })

  it("reports Stripe's error, and a thrown confirm as api_error", async () => {
    const refused = fakeStripe(async () => ({ error: { type: 'card_error', message: 'Declined' } }))
    const one = fakeHooks()
    const session = stripeAdapter({ loadStripe: refused.loadStripe }).start(attempt('s'), one.hooks)
    await session.mount?.(target)
    await session.submit?.()
    expect(one.log).toEqual(['paying', ['fail', 'card_error', 'Declined']])
    const broken = fakeStripe(() => Promise.reject(new Error('network')))
    const two = fakeHooks()
    const other = stripeAdapter({ loadStripe: broken.loadStripe }).start(attempt('s'), two.hooks)
    await other.mount?.(target)
    await other.submit?.()
    expect(two.log).toEqual(['paying', ['fail', 'api_error', null]])
  })

  it('fails to mount when loadStripe found no Stripe', async () => {
    const session = stripeAdapter({ loadStripe: async () => null }).start(
      attempt('s'),
      fakeHooks().hooks,
    )
    await expect(session.mount?.(target)).rejects.toThrow('Stripe.js did not load')
  })
})

/** The PayPal SDK: records the buttons' options. */
class FakePaypal implements PaypalLike {
  options: PaypalButtonsOptions | undefined
  readonly render = vi.fn(async (_target: HTMLElement) => {})
  Buttons(options: PaypalButtonsOptions) {
    this.options = options
    return { render: this.render }
  }
}

describe('paypal adapter', () => {
  it('renders the buttons on the server order; approval posts the callback then pays; cancel and error are reported', async () => {
    const fake = new FakePaypal()
    const loadPaypal = vi.fn(async (_clientId: string) => fake)
    const sent: unknown[] = []
    const { log, hooks } = fakeHooks()
    const callback = async (cartId: string, token: string) => {
      sent.push(['callback', cartId, token])
      log.push('callback')
    }
    const adapter = paypalAdapter({ loadPaypal, callback })
    expect(adapter).toMatchObject({ needsKey: true, payButton: 'provider' })
    const session = adapter.start(attempt('ORDER-1', 'client-1'), hooks)
    expect(session.submit).toBeUndefined()
    await session.mount?.(target)
    expect(loadPaypal).toHaveBeenCalledWith('client-1')
    expect(fake.render).toHaveBeenCalledWith(target)
    expect(await fake.options?.createOrder()).toBe('ORDER-1')
    await fake.options?.onApprove({ orderID: 'ORDER-1' })
    fake.options?.onCancel?.()
    fake.options?.onError?.(new Error('x'))
    expect(sent).toEqual([['callback', 'cart-1', 'ORDER-1']])
    expect(log).toEqual([
      'paying',
      'callback',
      ['pay', 'ORDER-1'],
      'cancelled',
      ['fail', 'paypal', null],
    ])
  })

  it('pays even when the callback fails; loads nothing without a client id', async () => {
    const fake = new FakePaypal()
    const { log, hooks } = fakeHooks()
    const down = async () => Promise.reject(new Error('down'))
    await paypalAdapter({ loadPaypal: async () => fake, callback: down })
      .start(attempt('ORDER-2', 'client-1'), hooks)
      .mount?.(target)
    await fake.options?.onApprove({ orderID: 'ORDER-2' })
    expect(log).toEqual(['paying', ['pay', 'ORDER-2']])
    const loadPaypal = vi.fn(async () => fake)
    const none = paypalAdapter({ loadPaypal, callback: down }).start(attempt('O', ''), hooks)
    await expect(none.mount?.(target)).rejects.toThrow('no client id')
    expect(loadPaypal).not.toHaveBeenCalled()
  })
})

describe('payzen adapter', () => {
  it('loads the theme and the form with the key; the server decides every attempt, the form its own input errors', async () => {
    let submit: ((event: PayzenSubmitEvent) => boolean | Promise<boolean>) | undefined
    let error: ((e: { errorCode?: string; errorMessage?: string }) => void) | undefined
    const kr: KryptonLike = {
      setFormConfig: vi.fn(async () => ({})),
      renderElements: vi.fn(async () => ({})),
      onSubmit: async (handler) => {
        submit = handler
      },
      onError: async (handler) => {
        error = handler
      },
    }
    const loaded: unknown[] = []
    const { log, hooks } = fakeHooks()
    const adapter = payzenAdapter({
      loadScript: async (src, attributes) => {
        loaded.push(attributes ? [src, attributes] : src)
      },
      loadStylesheet: (href) => loaded.push(['css', href]),
      kr: () => kr,
    })
    expect(adapter).toMatchObject({ needsKey: true, payButton: 'provider' })
    await adapter.start(attempt('form-token', 'pz-key'), hooks).mount?.(target)
    expect(loaded).toEqual([
      ['css', expect.stringMatching(/neon-reset\.min\.css$/)],
      [
        expect.stringMatching(/kr-payment-form\.min\.js$/),
        { 'kr-public-key': 'pz-key', 'kr-language': 'fr', 'kr-spa-mode': 'true' },
      ],
      expect.stringMatching(/neon\.js$/),
    ])
    expect(kr.renderElements).toHaveBeenCalledWith(target)
    expect(await submit?.({})).toBe(false)
    // a refused (or given up) attempt: the server reads the order back, as for a paid one
    error?.({ errorCode: 'PSP_099', errorMessage: 'Refused' })
    // a form not filled in right: its own words, nothing asked
    error?.({ errorCode: 'CLIENT_300', errorMessage: 'Invalid card number' })
    expect(log).toEqual([
      'paying',
      ['pay', undefined],
      'paying',
      ['pay', undefined],
      ['fail', 'validation_error', 'Invalid card number'],
    ])
  })
})

describe('redirect adapters', () => {
  it('saferpay goes to an http(s) payment page, else fails', async () => {
    const assign = vi.fn()
    const postForm = vi.fn()
    const adapter = saferpayAdapter({ assign, postForm })
    expect(adapter).toMatchObject({ needsKey: false, payButton: 'step' })
    const ok = fakeHooks()
    await adapter.start(attempt('https://pay.saferpay.test/p/1'), ok.hooks).submit?.()
    expect(assign).toHaveBeenCalledWith('https://pay.saferpay.test/p/1')
    const bad = fakeHooks()
    await adapter.start(attempt('javascript:alert(1)'), bad.hooks).submit?.()
    expect(assign).toHaveBeenCalledTimes(1)
    expect(bad.log).toEqual([['fail', 'saferpay', null]])
  })

  it('monetico posts the form of the token, else fails', async () => {
    const assign = vi.fn()
    const postForm = vi.fn()
    const adapter = moneticoAdapter({ assign, postForm })
    await adapter
      .start(attempt('{"action":"https://p.test/","fields":{"TPE":"1"}}'), fakeHooks().hooks)
      .submit?.()
    expect(postForm).toHaveBeenCalledWith({ action: 'https://p.test/', fields: { TPE: '1' } })
    const bad = fakeHooks()
    await adapter.start(attempt('not json'), bad.hooks).submit?.()
    expect(bad.log).toEqual([['fail', 'monetico', null]])
    expect(assign).not.toHaveBeenCalled()
  })
})
