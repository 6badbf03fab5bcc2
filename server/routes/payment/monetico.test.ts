import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  appointments,
  bookingOrderHistory,
  bookingOrders,
  loyaltyMovements,
  paymentEvents,
  payments,
} from '#server/db/schema/index.ts'
import { bearer, type TestApi } from '#server/test/harness.ts'
import {
  counts,
  customers,
  hold,
  hostOf,
  setClock,
  startPaymentApi,
  tokenOf,
} from '#server/test/payment.ts'

/**
 * Monetico: no HTTP call leaves the server (the browser posts the sealed form), so the test
 * checks the form and its MAC, computed here from Monetico's documented rule, and the CGI2
 * return sealed the same way.
 */
let t: TestApi
let who: string
const MONETICO = tokenOf('monetico')
const MONETICO_KEY = '12345678901234567890123456789012345678P0'
const orderOf = async (cartId: string) =>
  (await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, cartId)))[0]
const paymentOf = async (cartId: string) =>
  (await t.db.select().from(payments).where(eq(payments.cartId, cartId)))[0]

beforeAll(async () => {
  Object.assign(process.env, { MONETICO_TPE: '1234567', MONETICO_KEY, MONETICO_COMPANY: 'payshop' })
  t = await startPaymentApi(['monetico'])
  ;[who = ''] = await customers(t, hostOf('monetico'), 1, 'mo')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

async function initialised(time = '10:00') {
  expect((await hold(t, MONETICO, who, 'cut', time)).status).toBe(200)
  const json = { purpose: 'booking', shopId: 's1' }
  const res = await t.call('/api/payment/initialize', { company: MONETICO, bearer: who, json })
  expect(res.status).toBe(200)
  return res.body as { cartId: string; result: { token: string } }
}

describe('monetico', () => {
  // The operational key of Monetico's kits: the last two characters "P0" stand for "90".
  const key = Buffer.from(`${MONETICO_KEY.slice(0, 38)}90`, 'hex')
  const mac = (fields: Record<string, string>) =>
    createHmac('sha1', key)
      .update(
        Object.keys(fields)
          .sort()
          .map((k) => `${k}=${fields[k]}`)
          .join('*'),
      )
      .digest('hex')

  it('initialize answers the sealed form; the CGI2 return confirms; a bad MAC gets cdr=1', async () => {
    const { cartId, result } = await initialised()
    const form = JSON.parse(result.token) as { action: string; fields: Record<string, string> }
    expect(form.action).toBe('https://p.monetico-services.com/test/paiement.cgi')
    const { MAC, ...fields } = form.fields
    expect(fields).toMatchObject({
      TPE: '1234567',
      montant: '42.00EUR',
      societe: 'payshop',
      version: '3.0',
      lgue: 'FR',
      'texte-libre': cartId,
      mail: 'mo0@example.com',
    })
    expect(fields.url_retour_ok).toBe(`https://monetico.example/payments/rdvcheck?cartId=${cartId}`)
    expect(fields.url_retour_err).toBe(`${fields.url_retour_ok}&returned=err`)
    expect(fields.date).toMatch(/^\d{2}\/\d{2}\/\d{4}:\d{2}:\d{2}:\d{2}$/)
    expect(MAC).toBe(mac(fields).toUpperCase())

    const back: Record<string, string> = {
      TPE: '1234567',
      date: fields.date ?? '',
      montant: '42.00EUR',
      reference: fields.reference ?? '',
      'texte-libre': cartId,
      'code-retour': 'payetest',
      cvx: 'oui',
      vld: '1229',
      brand: 'VI',
      status3ds: '1',
      numauto: '010101',
      originecb: 'FRA',
      modepaiement: 'CB',
    }
    // Monetico posts a form and reads a plain-text receipt
    const cgi2 = async (seal: string) => {
      const body = new URLSearchParams({ ...back, MAC: seal })
      const url = `${t.url}/api/payment/notify/monetico/${tokenOf('monetico')}`
      return (await fetch(url, { method: 'POST', body })).text()
    }
    expect(await cgi2('0'.repeat(40))).toBe('version=2\ncdr=1\n')
    expect((await orderOf(cartId))?.status).toBe('pending')
    expect(await cgi2(mac(back))).toBe('version=2\ncdr=0\n')
    expect(await orderOf(cartId)).toMatchObject({
      status: 'confirmed',
      paidCents: 4200,
      transactionId: '010101',
    })
    // the same CGI2 return replayed (Monetico retries until it reads cdr=0): nothing more
    const tables = { appointments, bookingOrderHistory, loyaltyMovements, paymentEvents, payments }
    const once = await counts(t, tables)
    const replays = await Promise.all(Array.from({ length: 5 }, () => cgi2(mac(back))))
    expect(replays).toEqual(Array(5).fill('version=2\ncdr=0\n'))
    expect(await counts(t, tables)).toEqual(once)
    const staff = await bearer(t, hostOf('monetico'), 'provider')
    const refund = await t.call('/api/payment/refund', {
      company: tokenOf('monetico'),
      bearer: staff,
      json: { orderId: cartId },
    })
    expect(refund).toMatchObject({ status: 409, body: { type: 'refundNotSupported' } })
    expect((await paymentOf(cartId))?.refundedCents).toBe(0)
  })

  it('the return page reads what the CGI2 settled: refused stays failed (no query API to ask)', async () => {
    const { cartId, result } = await initialised('11:00')
    const { fields } = JSON.parse(result.token) as { fields: Record<string, string> }
    const success = () =>
      t.call(`/api/payment/success/${cartId}`, { company: MONETICO, bearer: who, method: 'POST' })
    // nothing notified yet: pending, and asking changes nothing
    expect((await success()).body).toEqual({ orderId: cartId, status: 'pending' })
    const back: Record<string, string> = {
      TPE: '1234567',
      date: fields.date ?? '',
      montant: '42.00EUR',
      reference: fields.reference ?? '',
      'texte-libre': cartId,
      'code-retour': 'Annulation',
      motifrefus: 'Refus',
    }
    const body = new URLSearchParams({ ...back, MAC: mac(back) })
    const url = `${t.url}/api/payment/notify/monetico/${MONETICO}`
    expect(await (await fetch(url, { method: 'POST', body })).text()).toBe('version=2\ncdr=0\n')
    expect((await paymentOf(cartId))?.status).toBe('failed')
    // the payer back on url_retour_err: failed, twice (a verify would have made it pending)
    expect((await success()).body).toEqual({ orderId: cartId, status: 'failed' })
    expect((await success()).body).toEqual({ orderId: cartId, status: 'failed' })
    expect((await orderOf(cartId))?.status).toBe('pending')
  })
})
