import { describe, expect, it, vi } from 'vitest'
import { paypalOptions, paypalScriptOptions } from './paypal'
import { type KryptonLike, mountPayzen, payzenErrorType, payzenScriptAttributes } from './payzen'
import { parseMoneticoForm, safeRedirectUrl } from './redirect'
import { mountStripe, type StripeLike, stripeLocale } from './stripe'

describe('stripe glue', () => {
  it('mounts the Payment Element with the client secret and confirms with redirect if_required', async () => {
    const calls: unknown[] = []
    const mount = vi.fn()
    const group = { create: () => ({ mount }) }
    const stripe: StripeLike<typeof group> = {
      elements: (opts) => {
        calls.push(['elements', opts])
        return group
      },
      confirmPayment: async (opts) => {
        calls.push(['confirm', opts.elements === group, opts.redirect, opts.confirmParams])
        return { paymentIntent: { id: 'pi_1', status: 'succeeded' } }
      },
    }
    const target = {} as HTMLElement
    const session = mountStripe(stripe, 'pi_1_secret', target, 'fr')
    expect(mount).toHaveBeenCalledWith(target)
    expect(await session.confirm('http://x/payments/rdvcheck?cartId=c')).toEqual({
      paymentIntent: { id: 'pi_1', status: 'succeeded' },
    })
    expect(calls).toEqual([
      ['elements', { clientSecret: 'pi_1_secret', locale: 'fr' }],
      ['confirm', true, 'if_required', { return_url: 'http://x/payments/rdvcheck?cartId=c' }],
    ])
  })

  it('gives Stripe our five languages, and auto for anything else', () => {
    expect(['fr', 'en', 'es', 'it', 'de'].map(stripeLocale)).toEqual(['fr', 'en', 'es', 'it', 'de'])
    expect(stripeLocale('xx')).toBe('auto')
  })
})

describe('paypal glue', () => {
  it('loads the SDK with the client id in EUR and hands over the server order, then approves with its id', async () => {
    expect(paypalScriptOptions('client-1')).toEqual({
      clientId: 'client-1',
      currency: 'EUR',
      intent: 'capture',
    })
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
