import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for api.stripe.com, reached by the product's Stripe SDK through
 * STRIPE_API_BASE (server/README.md "Environment"): PaymentIntents create and retrieve, in the
 * shapes of docs.stripe.com/api/payment_intents (as server/test/payment-recordings). Every
 * intent reads back as succeeded: the browser side (the fake Stripe.js below) decides whether
 * the card was declined, as the real Stripe.js would before any server call.
 */
export interface FakeStripeApi {
  url: string
  received: { method: string; path: string }[]
  close(): Promise<void>
}

interface Intent {
  id: string
  amount: number
  currency: string
}

export async function startFakeStripeApi(): Promise<FakeStripeApi> {
  const intents = new Map<string, Intent>()
  const received: { method: string; path: string }[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/'
      received.push({ method: req.method ?? 'GET', path })
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' })
        res.end(JSON.stringify(body))
      }
      if (req.method === 'POST' && path === '/v1/payment_intents') {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
        const id = `pi_journey${String(intents.size + 1).padStart(6, '0')}`
        const intent = {
          id,
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? 'eur',
        }
        intents.set(id, intent)
        send(200, view(intent, 'requires_payment_method'))
        return
      }
      const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)
      const intent = match ? intents.get(match[1] ?? '') : undefined
      if (req.method === 'GET' && intent) {
        send(200, view(intent, 'succeeded'))
        return
      }
      send(404, { error: { type: 'invalid_request_error', message: `No such route ${path}` } })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

function view(intent: Intent, status: 'requires_payment_method' | 'succeeded') {
  const paid = status === 'succeeded'
  return {
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    amount_received: paid ? intent.amount : 0,
    currency: intent.currency,
    status,
    client_secret: `${intent.id}_secret_journey`,
    latest_charge: paid ? `ch_${intent.id.slice(3)}` : null,
    last_payment_error: null,
    next_action: null,
    livemode: false,
  }
}

/** Test cards of the fake Stripe.js (the numbers Stripe documents for these cases). */
export const CARDS = {
  declined: '4000000000000002',
  apiError: '4000000000000119',
  threeDSecure: '4000000000003220',
  ok: '4242424242424242',
} as const

/**
 * The fake https://js.stripe.com/v3 served by page.route: Stripe(key) → elements({clientSecret})
 * → create('payment').mount(el) (a plain card field) and confirmPayment, which answers by the
 * card typed: a card_error, an api_error, a 3-D Secure redirect to return_url, or succeeded.
 * Calls are recorded in window.__stripeCalls.
 */
export const FAKE_STRIPE_JS = `(() => {
  const calls = (window.__stripeCalls = [])
  window.Stripe = (key, options) => {
    calls.push(['Stripe', key])
    return {
      elements(opts) {
        calls.push(['elements', opts.clientSecret])
        return {
          secret: opts.clientSecret,
          create(type) {
            calls.push(['create', type])
            return {
              mount(el) {
                el.innerHTML = '<label for="fake-card">Card number</label> <input id="fake-card" inputmode="numeric" autocomplete="cc-number">'
              },
              destroy() {},
            }
          },
        }
      },
      confirmPayment(opts) {
        const card = document.getElementById('fake-card').value
        calls.push(['confirmPayment', opts.redirect, opts.confirmParams.return_url])
        const id = opts.elements.secret.split('_secret_')[0]
        if (card === '${CARDS.declined}') {
          return Promise.resolve({ error: { type: 'card_error', message: 'Your card was declined.' } })
        }
        if (card === '${CARDS.apiError}') {
          return Promise.resolve({ error: { type: 'api_error', message: 'An unexpected error occurred.' } })
        }
        if (card === '${CARDS.threeDSecure}') {
          const url = new URL(opts.confirmParams.return_url)
          url.searchParams.set('payment_intent', id)
          url.searchParams.set('redirect_status', 'succeeded')
          location.assign(url.href)
          return new Promise(() => {})
        }
        return Promise.resolve({ paymentIntent: { id, status: 'succeeded' } })
      },
    }
  }
})()`
