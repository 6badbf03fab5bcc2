import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'

/**
 * PayPal at the network boundary (decision 024), one state per order:
 * - the product's server reaches a local stand-in for api-m.paypal.com through PAYPAL_API_BASE:
 *   OAuth 2.0 client credentials, Orders v2 create and capture, in the shapes of
 *   developer.paypal.com/docs/api/orders/v2 (a declined capture is the documented 422
 *   UNPROCESSABLE_ENTITY with the INSTRUMENT_DECLINED issue);
 * - the browser's www.paypal.com is answered by page.route (routePaypal): /sdk/js serves a
 *   small fake of the JS SDK v5 (the npm package `@paypal/paypal-js` only injects the remote
 *   script, which cannot be reached here), whose button opens a stand-in of PayPal's checkout
 *   window with "Approve", "Approve (card declined)" and "Cancel"; approving tells the fake
 *   (as the payer's approval reaches PayPal) which funding the capture will meet.
 */
export interface FakePaypalApi {
  url: string
  received: { method: string; path: string }[]
  approve(orderId: string, declined: boolean): void
  close(): Promise<void>
}

interface Order {
  id: string
  amount: { currency_code: string; value: string }
  state: 'CREATED' | 'APPROVED' | 'DECLINED' | 'COMPLETED'
}

export async function startFakePaypalApi(): Promise<FakePaypalApi> {
  const orders = new Map<string, Order>()
  const received: { method: string; path: string }[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/'
      received.push({ method: req.method ?? 'GET', path })
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': 'fake' })
        res.end(JSON.stringify(body))
      }
      if (path === '/v1/oauth2/token') {
        send(200, { access_token: 'A21AAfakeToken', token_type: 'Bearer', expires_in: 32400 })
        return
      }
      if (req.method === 'POST' && path === '/v2/checkout/orders') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          purchase_units: { amount: Order['amount'] }[]
        }
        const id = `JOURNEY${String(orders.size + 1).padStart(10, '0')}`
        const amount = body.purchase_units[0]?.amount ?? { currency_code: 'EUR', value: '0.00' }
        orders.set(id, { id, amount, state: 'CREATED' })
        send(201, { id, status: 'CREATED', links: [] })
        return
      }
      const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path)
      const order = capture ? orders.get(capture[1] ?? '') : undefined
      if (req.method === 'POST' && order) {
        if (order.state === 'DECLINED') {
          send(422, {
            name: 'UNPROCESSABLE_ENTITY',
            message: 'The requested action could not be performed.',
            details: [
              {
                issue: 'INSTRUMENT_DECLINED',
                description:
                  'The instrument presented was either declined by the processor or bank.',
              },
            ],
          })
          return
        }
        if (order.state === 'CREATED') {
          send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] })
          return
        }
        order.state = 'COMPLETED'
        const captured = { id: `CAP${order.id}`, status: 'COMPLETED', amount: order.amount }
        send(201, {
          id: order.id,
          status: 'COMPLETED',
          purchase_units: [{ payments: { captures: [captured] } }],
        })
        return
      }
      send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    approve(orderId, declined) {
      const order = orders.get(orderId)
      if (order) order.state = declined ? 'DECLINED' : 'APPROVED'
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/**
 * The fake https://www.paypal.com/sdk/js: window.paypal.Buttons(options).render(el) draws a
 * "PayPal" button; clicking it calls createOrder, then shows the checkout stand-in whose choices
 * call onApprove({orderID}) or onCancel({orderID}), as the SDK does once its window closes.
 */
export const FAKE_PAYPAL_SDK = `(() => {
  const calls = (window.__paypalCalls = [])
  window.paypal = {
    version: '5.0.0-journey',
    Buttons(options) {
      calls.push(['Buttons'])
      return {
        async render(el) {
          const button = document.createElement('button')
          button.type = 'button'
          button.textContent = 'PayPal'
          el.append(button)
          button.addEventListener('click', async () => {
            const orderID = await options.createOrder({}, {})
            calls.push(['createOrder', orderID])
            const dialog = document.createElement('div')
            dialog.setAttribute('role', 'dialog')
            dialog.setAttribute('aria-label', 'PayPal checkout')
            const choice = (label, run) => {
              const b = document.createElement('button')
              b.type = 'button'
              b.textContent = label
              b.addEventListener('click', () => { dialog.remove(); run() })
              dialog.append(b)
            }
            const approve = async (declined) => {
              await fetch('https://www.paypal.com/checkoutnow/approve?token=' + orderID + '&declined=' + declined, { method: 'POST' })
              calls.push(['onApprove', orderID])
              await options.onApprove({ orderID, payerID: 'PAYERJOURNEY' }, {})
            }
            choice('Approve', () => approve(false))
            choice('Approve (card declined)', () => approve(true))
            choice('Cancel', () => { calls.push(['onCancel', orderID]); options.onCancel({ orderID }, {}) })
            document.body.append(dialog)
          })
        },
      }
    },
  }
})()`

/** Every browser request to www.paypal.com is answered here, and recorded. */
export async function routePaypal(page: Page, api: FakePaypalApi): Promise<string[]> {
  const requests: string[] = []
  await page.route('https://www.paypal.com/**', (route) => {
    const url = new URL(route.request().url())
    requests.push(url.href)
    if (url.pathname === '/sdk/js') {
      return route.fulfill({ contentType: 'application/javascript', body: FAKE_PAYPAL_SDK })
    }
    api.approve(url.searchParams.get('token') ?? '', url.searchParams.get('declined') === 'true')
    return route.fulfill({
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: '{}',
    })
  })
  return requests
}
