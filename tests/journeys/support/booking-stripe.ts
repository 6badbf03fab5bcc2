import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'

/**
 * Stripe at the network boundary (decision 024). Two sides, one state per PaymentIntent:
 * - the product's Stripe SDK (server) reaches a local stand-in for api.stripe.com through
 *   STRIPE_API_BASE (server/README.md "Environment"): PaymentIntents create and retrieve, in
 *   the shapes of docs.stripe.com/api/payment_intents;
 * - the browser's hosts are answered by page.route (routeStripe): js.stripe.com serves a small
 *   fake Stripe.js (the npm package `@stripe/stripe-js` only injects the remote script, which
 *   cannot be reached here, so the script itself must be faked), api.stripe.com answers the
 *   confirm call as Stripe documents it (the intent, or a 402 card_error), and hooks.stripe.com
 *   serves a 3-D Secure test page with "Complete" and "Fail" as Stripe's test page has.
 * The confirm and the 3-D Secure page set the intent's state; the product's server then reads it
 * back (GET /v1/payment_intents/:id) and decides the outcome.
 */
export interface FakeStripeApi {
  url: string
  received: { method: string; path: string }[]
  /** the browser's confirm (POST /v1/payment_intents/:id/confirm), answered as Stripe does */
  confirm(id: string, card: string, returnUrl: string): { status: number; body: unknown }
  /** the 3-D Secure page's answer: succeeded, or the authentication failed */
  authenticate(id: string, ok: boolean): void
  /** where the 3-D Secure page goes back to (the confirm's return_url) */
  returnUrlOf(id: string): string
  close(): Promise<void>
}

type State = 'open' | 'succeeded' | 'requires_action' | 'declined' | 'authentication_failed'

interface Intent {
  id: string
  amount: number
  currency: string
  state: State
  returnUrl?: string
}

/** Test cards of the fake (the numbers Stripe documents for these cases). */
export const CARDS = {
  declined: '4000000000000002',
  apiError: '4000000000000119',
  threeDSecure: '4000000000003220',
  ok: '4242424242424242',
} as const

const DECLINED = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
}
const AUTH_FAILED = {
  type: 'card_error',
  code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method.',
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
        const intent: Intent = {
          id,
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? 'eur',
          state: 'open',
        }
        intents.set(id, intent)
        send(200, view(intent))
        return
      }
      const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)
      const intent = match ? intents.get(match[1] ?? '') : undefined
      if (req.method === 'GET' && intent) {
        send(200, view(intent))
        return
      }
      send(404, { error: { type: 'invalid_request_error', message: `No such route ${path}` } })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const missing = { status: 404, body: { error: { type: 'invalid_request_error' } } }
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    confirm(id, card, returnUrl) {
      const intent = intents.get(id)
      if (!intent) return missing
      if (card === CARDS.apiError) {
        return {
          status: 500,
          body: { error: { type: 'api_error', message: 'An unexpected error occurred.' } },
        }
      }
      if (card === CARDS.declined) {
        intent.state = 'declined'
        return { status: 402, body: { error: { ...DECLINED, payment_intent: view(intent) } } }
      }
      intent.state = card === CARDS.threeDSecure ? 'requires_action' : 'succeeded'
      intent.returnUrl = returnUrl
      return { status: 200, body: view(intent) }
    },
    authenticate(id, ok) {
      const intent = intents.get(id)
      if (intent) intent.state = ok ? 'succeeded' : 'authentication_failed'
    },
    returnUrlOf: (id) => intents.get(id)?.returnUrl ?? 'about:blank',
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

function view(intent: Intent) {
  const paid = intent.state === 'succeeded'
  const status =
    intent.state === 'succeeded' || intent.state === 'requires_action'
      ? intent.state
      : 'requires_payment_method'
  const error =
    intent.state === 'declined'
      ? DECLINED
      : intent.state === 'authentication_failed'
        ? AUTH_FAILED
        : null
  return {
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    amount_received: paid ? intent.amount : 0,
    currency: intent.currency,
    status,
    client_secret: `${intent.id}_secret_journey`,
    latest_charge: paid ? `ch_${intent.id.slice(3)}` : null,
    last_payment_error: error,
    next_action:
      intent.state === 'requires_action'
        ? {
            type: 'redirect_to_url',
            redirect_to_url: {
              url: `https://hooks.stripe.com/3d_secure_2/hosted?payment_intent=${intent.id}`,
              return_url: intent.returnUrl ?? null,
            },
          }
        : null,
    livemode: false,
  }
}

/**
 * The fake https://js.stripe.com/<release>/stripe.js served by page.route: Stripe(key) →
 * elements({clientSecret}) → create('payment').mount(el) (a plain card field) and
 * confirmPayment, which posts the confirm to api.stripe.com as Stripe.js does and answers
 * {error} or {paymentIntent}, following a redirect_to_url next action. `_registerWrapper` is
 * what `loadStripe` of the npm package calls on the instance it creates: recorded, it proves
 * the page went through the package. Calls are recorded in window.__stripeCalls.
 */
export function fakeStripeJs(release: string): string {
  return `(() => {
  const calls = (window.__stripeCalls = [])
  const Stripe = (key, options) => {
    calls.push(['Stripe', key])
    return {
      _registerWrapper(wrapper) {
        calls.push(['registerWrapper', wrapper.name, wrapper.version])
      },
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
      async confirmPayment(opts) {
        const card = document.getElementById('fake-card').value
        calls.push(['confirmPayment', opts.redirect, opts.confirmParams.return_url])
        const secret = opts.elements.secret
        const id = secret.split('_secret_')[0]
        const response = await fetch('https://api.stripe.com/v1/payment_intents/' + id + '/confirm', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            client_secret: secret,
            'payment_method_data[type]': 'card',
            'payment_method_data[card][number]': card,
            return_url: opts.confirmParams.return_url,
          }),
        })
        const body = await response.json()
        if (body.error) return { error: body.error }
        if (body.status === 'requires_action' && body.next_action.type === 'redirect_to_url') {
          location.assign(body.next_action.redirect_to_url.url)
          return new Promise(() => {})
        }
        return { paymentIntent: body }
      },
    }
  }
  Stripe.version = ${JSON.stringify(release)}
  window.Stripe = Stripe
})()`
}

/**
 * Every browser request to Stripe's hosts is answered here, and recorded: Stripe.js (the fake
 * above), the confirm call, the 3-D Secure page (a top-level page of hooks.stripe.com: its
 * buttons go back to the return_url with redirect_status, as Stripe's test page does).
 */
export async function routeStripe(page: Page, api: FakeStripeApi): Promise<string[]> {
  const requests: string[] = []
  await page.route('https://js.stripe.com/**', (route) => {
    const url = new URL(route.request().url())
    requests.push(url.href)
    const release = /^\/([a-z0-9]+)\/stripe\.js$/.exec(url.pathname)?.[1] ?? 'v3'
    return route.fulfill({ contentType: 'application/javascript', body: fakeStripeJs(release) })
  })
  await page.route('https://api.stripe.com/**', (route) => {
    const request = route.request()
    requests.push(request.url())
    const id = /\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(new URL(request.url()).pathname)?.[1]
    const form = new URLSearchParams(request.postData() ?? '')
    const answer = id
      ? api.confirm(
          id,
          form.get('payment_method_data[card][number]') ?? '',
          form.get('return_url') ?? '',
        )
      : { status: 404, body: { error: { type: 'invalid_request_error' } } }
    return route.fulfill({
      status: answer.status,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify(answer.body),
    })
  })
  await page.route('https://hooks.stripe.com/**', (route) => {
    const url = new URL(route.request().url())
    requests.push(`${url.origin}${url.pathname}`)
    const id = url.searchParams.get('payment_intent') ?? ''
    const result = url.searchParams.get('result')
    if (url.pathname === '/3d_secure_2/hosted' && !result) {
      const link = (r: string, label: string) =>
        `<a href="?payment_intent=${id}&result=${r}">${label}</a>`
      return route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>3D Secure 2 Test Page</title><h1>3D Secure 2 Test Page</h1>${link('ok', 'Complete')} ${link('fail', 'Fail')}`,
      })
    }
    api.authenticate(id, result === 'ok')
    const back = new URL(api.returnUrlOf(id))
    back.searchParams.set('payment_intent', id)
    back.searchParams.set('redirect_status', result === 'ok' ? 'succeeded' : 'failed')
    return route.fulfill({ status: 302, headers: { location: back.href } })
  })
  return requests
}
