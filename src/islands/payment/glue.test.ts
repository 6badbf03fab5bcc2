import { describe, expect, it, vi } from 'vitest'
import { paypalOptions, paypalSdkUrl } from './paypal'
import { type KryptonLike, mountPayzen, payzenErrorType, payzenScriptAttributes } from './payzen'
import { parseMoneticoForm, safeRedirectUrl } from './redirect'
import { mountStripe, type StripeFactory } from './stripe'

describe('stripe glue', () => {
  it('mounts the Payment Element with the client secret and confirms with redirect if_required', async () => {
    const calls: unknown[] = []
    const mount = vi.fn()
    const factory: StripeFactory = (key, options) => {
      calls.push(['Stripe', key, options])
      return {
        elements: (opts) => {
          calls.push(['elements', opts])
          return { create: () => ({ mount }) }
        },
        confirmPayment: async (opts) => {
          calls.push(['confirm', opts.redirect, opts.confirmParams])
          return { paymentIntent: { id: 'pi_1', status: 'succeeded' } }
        },
      }
    }
    const target = {} as HTMLElement
    const session = mountStripe(factory, 'pk_test_1', 'pi_1_secret', target, 'fr')
    expect(mount).toHaveBeenCalledWith(target)
    expect(await session.confirm('http://x/payments/rdvcheck?cartId=c')).toEqual({
      paymentIntent: { id: 'pi_1', status: 'succeeded' },
    })
    expect(calls).toEqual([
      ['Stripe', 'pk_test_1', { locale: 'fr' }],
      ['elements', { clientSecret: 'pi_1_secret', locale: 'fr' }],
      ['confirm', 'if_required', { return_url: 'http://x/payments/rdvcheck?cartId=c' }],
    ])
  })
})

describe('paypal glue', () => {
  it('loads the SDK in EUR and hands over the server order, then approves with its id', async () => {
    expect(paypalSdkUrl('client-1')).toBe(
      'https://www.paypal.com/sdk/js?client-id=client-1&currency=EUR&intent=capture',
    )
    const approve = vi.fn(async () => {})
    const options = paypalOptions({ orderId: 'ORDER-1', approve, cancel: vi.fn(), fail: vi.fn() })
    expect(await options.createOrder()).toBe('ORDER-1')
    await options.onApprove({ orderID: 'ORDER-1' })
    expect(approve).toHaveBeenCalledWith('ORDER-1')
  })
})

describe('payzen glue', () => {
  it('configures the form with the token, renders it and reports submit and errors', async () => {
    let submit:
      | ((event: {
          clientAnswer?: { orderDetails?: { orderId?: string } }
        }) => boolean | Promise<boolean>)
      | undefined
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
    const submitted = vi.fn()
    const failed = vi.fn()
    await mountPayzen(kr, 'form-token', {} as HTMLElement, 'fr', { submitted, failed })
    expect(kr.setFormConfig).toHaveBeenCalledWith({ formToken: 'form-token', 'kr-language': 'fr' })
    expect(await submit?.({ clientAnswer: { orderDetails: { orderId: 'o1' } } })).toBe(false)
    expect(submitted).toHaveBeenCalledWith('o1')
    error?.({ errorCode: 'CLIENT_300', errorMessage: 'Invalid card number' })
    expect(failed).toHaveBeenCalledWith('validation_error', 'Invalid card number')
    expect(payzenErrorType({ errorCode: 'PSP_099' })).toBe('card_error')
    expect(payzenErrorType({ errorCode: 'INT_905' })).toBe('api_error')
    expect(payzenScriptAttributes('pk', 'en')).toEqual({
      'kr-public-key': 'pk',
      'kr-language': 'en',
      'kr-spa-mode': 'true',
    })
  })
})

describe('redirect providers', () => {
  it('follows http(s) URLs only and reads the monetico form', () => {
    expect(safeRedirectUrl('https://test.saferpay.com/x')).toBe('https://test.saferpay.com/x')
    expect(safeRedirectUrl('javascript:alert(1)')).toBeNull()
    expect(
      parseMoneticoForm('{"action":"https://p/","fields":{"TPE":"123","montant":12}}'),
    ).toEqual({
      action: 'https://p/',
      fields: { TPE: '123', montant: '12' },
    })
    expect(parseMoneticoForm('nope')).toBeNull()
  })
})
