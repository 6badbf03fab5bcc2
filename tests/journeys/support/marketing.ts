import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core'
import { isLoopback } from '#support/page-checks'

/**
 * The third parties of decision 032 answered at the network boundary (no internet): gtag.js is a
 * stub that reads the data layer as Google's would and sends each `purchase` event as a GA4
 * collect request and each `conversion` as an Ads conversion ping, so the journeys assert on the
 * requests the browser makes; the other scripts are empty; the error ingest answers 200.
 */
const GTAG_STUB = `(function () {
  var layer = (window.dataLayer = window.dataLayer || [])
  function send(url) { fetch(url, { method: 'POST', mode: 'no-cors', keepalive: true }) }
  function handle(args) {
    if (!args || args[0] !== 'event') return
    var p = args[2] || {}
    if (args[1] === 'purchase') {
      send('https://region1.google-analytics.com/g/collect?' + new URLSearchParams({
        v: '2', tid: String(p.send_to), en: 'purchase', cu: String(p.currency),
        'ep.transaction_id': String(p.transaction_id), 'epn.value': String(p.value),
        'epn.tax': String(p.tax), 'epn.shipping': String(p.shipping) }))
    } else if (args[1] === 'conversion') {
      var to = String(p.send_to).split('/')
      send('https://www.googleadservices.com/pagead/conversion/' + to[0].replace('AW-', '') + '/?' +
        new URLSearchParams({ label: to[1], value: String(p.value), currency_code: String(p.currency), oid: String(p.transaction_id) }))
    }
  }
  for (var i = 0; i < layer.length; i++) handle(layer[i])
  var push = layer.push
  layer.push = function () {
    for (var j = 0; j < arguments.length; j++) handle(arguments[j])
    return push.apply(layer, arguments)
  }
})()`

export const HOSTS = {
  gtag: 'www.googletagmanager.com',
  collect: 'region1.google-analytics.com',
  ads: 'www.googleadservices.com',
  klaviyo: 'static.klaviyo.com',
  optinMonster: 'a.omappapi.com',
  avis: 'cl.avis-verifies.com',
  errors: 'errors.example.com',
} as const

export interface Outside {
  readonly url: URL
  readonly body: string
}

export interface MarketingPage {
  readonly context: BrowserContext
  readonly page: Page
  /** every request that tried to leave loopback, in order */
  readonly outside: Outside[]
}

export async function openMarketing(
  browser: Browser,
  viewport: { width: number; height: number },
  setup: (context: BrowserContext) => Promise<void> = async () => {},
): Promise<MarketingPage> {
  const context = await browser.newContext({
    viewport,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  })
  await setup(context)
  const outside: Outside[] = []
  const answer = (route: Route) => {
    const request = route.request()
    const address = request.url()
    if (address.startsWith('data:') || isLoopback(address)) return route.continue()
    const url = new URL(address)
    outside.push({ url, body: bodyOf(request) })
    if (url.hostname === HOSTS.gtag) {
      return route.fulfill({ contentType: 'text/javascript', body: GTAG_STUB })
    }
    if (request.resourceType() === 'script') {
      return route.fulfill({ contentType: 'text/javascript', body: '/* stub */' })
    }
    return route.fulfill({ status: 200, contentType: 'application/json', body: '{}' })
  }
  // a request still pending when the test closes its context is dropped without complaint
  await context.route('**/*', (route) => answer(route).catch(() => undefined))
  const page = await context.newPage()
  return { context, page, outside }
}

function bodyOf(request: Request): string {
  try {
    return request.postData() ?? ''
  } catch {
    return ''
  }
}

/** The requests to one host (a script URL with its query, a collect hit...). */
export const to = (outside: readonly Outside[], host: string) =>
  outside.filter((request) => request.url.hostname === host)

/** The GA4 purchase hits and the Ads conversion pings, as their query parameters. */
export function purchaseHits(outside: readonly Outside[]) {
  const query = (list: readonly Outside[]) =>
    list.map((request) => Object.fromEntries(request.url.searchParams))
  return {
    purchases: query(
      to(outside, HOSTS.collect).filter((r) => r.url.searchParams.get('en') === 'purchase'),
    ),
    conversions: query(
      to(outside, HOSTS.ads).filter((r) => r.url.pathname.startsWith('/pagead/conversion/')),
    ),
  }
}

/** Answers the cookie dialog of the page (French) with one of its buttons. */
export async function answerCookies(page: Page, button: 'Tout accepter' | 'Tout refuser') {
  const dialog = page.getByRole('dialog', { name: 'Respect de votre vie privée' })
  await dialog.waitFor()
  await dialog.getByRole('button', { name: button }).click()
  await dialog.waitFor({ state: 'detached' })
}

/**
 * The one purchase and one conversion a paid order must have sent (decision 032): EUR, tax 0,
 * shipping 0, the value in euros and the server's order id, to the company's tags.
 */
export function oneReport(tags: { ga: string; label: string }, orderId: string, value: string) {
  return {
    purchases: [
      {
        v: '2',
        tid: tags.ga,
        en: 'purchase',
        cu: 'EUR',
        'ep.transaction_id': orderId,
        'epn.value': value,
        'epn.tax': '0',
        'epn.shipping': '0',
      },
    ],
    conversions: [{ label: tags.label, value, currency_code: 'EUR', oid: orderId }],
  }
}
