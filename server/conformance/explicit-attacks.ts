import type { ServiceGroup } from '#contract/call.ts'
import type { CallOptions, TestApi } from '#server/test/harness.ts'
import type { ForeignRows } from './foreign-rows.ts'
import type { Tenant } from './sessions.ts'

/**
 * The isolation attempts the generic by-id loop cannot make: B's ids inside a body (orders by
 * number, carts, refunds, links of A's owners to B's items), and A's sessions presented to B.
 * Each must be refused (404 or 401 with the normalised error) and change nothing.
 */

export interface Attack {
  readonly name: string
  readonly path: string
  readonly options: CallOptions
  readonly group: ServiceGroup
}

/** A's own rows the attacks start from (A links its groupment to B's shop...). */
export interface AlphaRows {
  readonly geogroupment: string
}

export async function seedAlphaRows(t: TestApi, a: Tenant): Promise<AlphaRows> {
  const res = await t.call('/api/geogroupments', {
    company: a.token,
    bearer: a.bearers.provider,
    json: { name: 'Alpha Rhône' },
  })
  const id = (res.body as { id?: string }).id
  if (res.status !== 200 || !id) throw new Error(`A could not create a geogroupment: ${res.status}`)
  return { geogroupment: id }
}

export function explicitAttacks(r: ForeignRows, mine: AlphaRows, a: Tenant, b: Tenant): Attack[] {
  const provider = { company: a.token, bearer: a.bearers.provider }
  const customer = { company: a.token, bearer: a.bearers.customer }
  // bookingAdmin: no company header, A's provider bearer names company A.
  const admin = { bearer: a.bearers.provider }
  const refund = { appointment: { ideorder: r.ideorder, customerId: b.ids.customer, amount: 100 } }
  const attacks: Attack[] = [
    {
      name: "changes the status of B's booking order",
      path: '/bookingOrder/changeStatus',
      options: { ...admin, method: 'PUT', json: { m_ideorder: r.ideorder, m_status: 'cancelled' } },
      group: 'bookingAdmin',
    },
    {
      name: "refunds B's order to the card",
      path: '/bookingOrder/partialRefund',
      options: { ...admin, method: 'POST', json: refund },
      group: 'bookingAdmin',
    },
    {
      name: "refunds B's order as credit",
      path: '/bookingOrder/oldCredit/refund',
      options: { ...admin, method: 'POST', json: refund },
      group: 'bookingAdmin',
    },
    {
      name: "refunds B's booking order through the payment API",
      path: '/api/payment/refund',
      options: { ...provider, method: 'POST', json: { orderId: r.bookingOrder, amount: 100 } },
      group: 'first',
    },
    {
      name: "refunds B's booking order through payzen",
      path: '/api/payment/payzen/refund',
      options: { ...provider, method: 'POST', json: { orderId: r.bookingOrder, amount: 100 } },
      group: 'first',
    },
    {
      name: "links B's product to A's category",
      path: '/api/categories/link/article/c1',
      options: { ...provider, method: 'POST', json: { articleId: r.product } },
      group: 'first',
    },
    {
      name: "links B's product to A's shop",
      path: '/api/shops/link/article/s1',
      options: { ...provider, method: 'POST', json: { articleId: r.product } },
      group: 'first',
    },
    {
      name: "links B's shop to A's geogroupment",
      path: `/api/geogroupments/link/shop/${mine.geogroupment}`,
      options: { ...provider, method: 'POST', json: { shopId: r.shop } },
      group: 'first',
    },
    {
      name: "links A's provider to B's shop",
      path: `/api/cmpusers/link/${a.ids.provider}`,
      options: { ...provider, method: 'POST', json: { artebeauteId: r.shop } },
      group: 'first',
    },
  ]
  // B's cart in every payment call that names one, as A's customer and as A's provider.
  const cartCalls = [
    ['/api/payment/token', { cartId: r.cart }],
    ['/api/payment/get-scenario', { cartId: r.cart }],
    ['/api/payment/pay', { cartId: r.cart, paymentToken: 'free' }],
    ['/api/payment/update-message', { cartId: r.cart, message: 'written by A' }],
  ] as const
  for (const [path, json] of cartCalls) {
    for (const [who, session] of [
      ['customer', customer],
      ['provider', provider],
    ] as const) {
      attacks.push({
        name: `names B's cart (as A's ${who})`,
        path,
        options: { ...session, method: 'POST', json },
        group: 'first',
      })
    }
  }
  // A's sessions presented to B: a token is valid only for the company that issued it.
  const atB = (bearer: string) => ({ company: b.token, bearer })
  attacks.push(
    {
      name: "A's provider session at B",
      path: '/api/cmpusers/me',
      options: atB(a.bearers.provider),
      group: 'first',
    },
    {
      name: "A's customer session at B",
      path: '/api/users/me',
      options: atB(a.bearers.customer),
      group: 'first',
    },
    {
      name: "A's access session at B",
      path: `/api/access/me/${a.ids.access}`,
      options: atB(a.bearers.access),
      group: 'marketplace',
    },
    {
      name: "A's provider session on B's booking admin",
      path: '/bookingOrder/history',
      options: atB(a.bearers.provider),
      group: 'bookingAdmin',
    },
  )
  return attacks
}

/** Strings only company B's rows hold: none may appear in any answer to company A. */
export function foreignMarkers(r: ForeignRows, b: Tenant): string[] {
  return [
    ...Object.values(r),
    ...Object.values(b.ids),
    b.token,
    'customer@beta.example',
    'provider@beta.example',
    'access@beta.example',
    'BETA-E-1',
    'BETA-LC-1',
  ]
}
