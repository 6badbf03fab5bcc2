import { createHmac } from 'node:crypto'
import type { Page } from 'playwright-core'
import type { FakeFormProvidersApi, PayerChoice } from './form-providers-api'

/**
 * The provider hosts the browser reaches, answered by page.route (decision 025): PayZen's
 * krypton client and theme (static.payzen.eu) and the call its form makes (api.payzen.eu),
 * Saferpay's payment page (test.saferpay.com) and Monetico's (p.monetico-services.com). The
 * pages of Saferpay and Monetico send the browser back to the shop's return address as the
 * provider does once the payer is done; Monetico first calls the shop's CGI2 address, sealed.
 */

/** The fake form's cards: the number picks what the payer does (pay, be refused, give up 3-D Secure). */
export const PAYZEN_CARDS: Record<PayerChoice, string> = {
  pay: '4970100000000055',
  refuse: '4970100000000097',
  cancel: '4970100000000063',
}

/**
 * The fake kr-payment-form.min.js: window.KR with the calls the island makes (setFormConfig,
 * onSubmit, onError, renderElements), its script tag's attributes recorded in
 * window.__krCalls. Its pay button posts the attempt to api.payzen.eu, then reports as the
 * krypton client does: onSubmit with the clientAnswer when paid, onError otherwise.
 */
export const FAKE_KRYPTON_JS = `(() => {
  const tag = document.currentScript
  const calls = (window.__krCalls = [['script', tag.getAttribute('kr-public-key'), tag.getAttribute('kr-language')]])
  let config = {}
  let submitted = () => true
  let failed = () => {}
  const KR = {
    setFormConfig(next) { config = { ...config, ...next }; calls.push(['setFormConfig', next.formToken]); return Promise.resolve({ KR }) },
    onSubmit(handler) { submitted = handler; return Promise.resolve({ KR }) },
    onError(handler) { failed = handler; return Promise.resolve({ KR }) },
    removeForms() { return Promise.resolve({ KR }) },
    renderElements(target) {
      target.innerHTML = '<div class="kr-embedded"><label for="kr-pan">Numéro de carte</label> <input id="kr-pan" inputmode="numeric"> <button type="button" class="kr-payment-button">Payer avec PayZen</button></div>'
      target.querySelector('button').addEventListener('click', async () => {
        const card = target.querySelector('#kr-pan').value
        const response = await fetch('https://api.payzen.eu/api-payment/V4/Charge/JourneyAttempt', { method: 'POST', body: JSON.stringify({ formToken: config.formToken, card }) })
        const answer = await response.json()
        calls.push(['answer', answer.orderStatus])
        if (answer.orderStatus === 'PAID') submitted({ clientAnswer: answer })
        else failed(answer.error)
      })
      return Promise.resolve({ KR })
    },
  }
  window.KR = KR
})()`

export interface ProviderRoutes {
  /** every provider URL the page reached */
  readonly requests: string[]
  /** what the payer does on the next Saferpay or Monetico page */
  payer: PayerChoice
  /** what the shop's CGI2 address answered Monetico */
  readonly cgi2: string[]
}

export interface RouteDeps {
  api: FakeFormProvidersApi
  /** the API's CGI2 address of the company (Monetico's back office setting) */
  moneticoNotifyUrl: string
  moneticoKey: string
}

/** Monetico's seal of version 3.0 (server/services/payments/providers/monetico-mac.ts), for a 40-hex key. */
export function moneticoSeal(key: string, fields: Record<string, string>): string {
  const data = Object.keys(fields)
    .filter((name) => name !== 'MAC')
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('*')
  return createHmac('sha1', Buffer.from(key, 'hex')).update(data).digest('hex').toUpperCase()
}

export async function routeProviders(page: Page, deps: RouteDeps): Promise<ProviderRoutes> {
  const routes: ProviderRoutes = { requests: [], payer: 'pay', cgi2: [] }
  const seen = (url: string) => routes.requests.push(url)

  await page.route('https://static.payzen.eu/**', (route) => {
    const url = route.request().url()
    seen(url)
    if (url.endsWith('.css'))
      return route.fulfill({ contentType: 'text/css', body: '.kr-embedded{display:block}' })
    const body = url.endsWith('/kr-payment-form.min.js') ? FAKE_KRYPTON_JS : '/* neon theme */'
    return route.fulfill({ contentType: 'application/javascript', body })
  })
  await page.route('https://api.payzen.eu/**', (route) => {
    seen(route.request().url())
    const { formToken, card } = JSON.parse(route.request().postData() ?? '{}') as Record<
      string,
      string
    >
    const choice =
      (Object.keys(PAYZEN_CARDS) as PayerChoice[]).find((c) => PAYZEN_CARDS[c] === card) ?? 'refuse'
    const status = deps.api.payzenAttempt(formToken ?? '', choice)
    const error =
      choice === 'cancel'
        ? { errorCode: 'PSP_108', errorMessage: 'Authentification abandonnée.' }
        : { errorCode: 'ACQ_001', errorMessage: 'Paiement refusé.' }
    const answer =
      status === 'PAID'
        ? { orderStatus: 'PAID', orderDetails: {} }
        : { orderStatus: 'UNPAID', error }
    return route.fulfill({
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify(answer),
    })
  })
  await page.route('https://test.saferpay.com/**', (route) => {
    const url = route.request().url()
    seen(url)
    const back = deps.api.saferpayChoice(url.split('/').at(-1) ?? '', routes.payer)
    if (!back) return route.fulfill({ status: 404, body: 'unknown payment page' })
    return route.fulfill({ status: 303, headers: { location: back } })
  })
  await page.route('https://p.monetico-services.com/**', async (route) => {
    seen(route.request().url())
    const fields = Object.fromEntries(new URLSearchParams(route.request().postData() ?? ''))
    // Monetico refuses a form whose seal is not the shop's
    if (moneticoSeal(deps.moneticoKey, fields) !== fields.MAC) {
      return route.fulfill({ status: 400, body: 'MAC invalide' })
    }
    if (routes.payer !== 'cancel') {
      const back: Record<string, string> = {
        TPE: fields.TPE ?? '',
        date: fields.date ?? '',
        montant: fields.montant ?? '',
        reference: fields.reference ?? '',
        'texte-libre': fields['texte-libre'] ?? '',
        ...(routes.payer === 'pay'
          ? { 'code-retour': 'payetest', numauto: '010101', cvx: 'oui', brand: 'VI' }
          : { 'code-retour': 'Annulation', motifrefus: 'Refus' }),
      }
      const body = new URLSearchParams({ ...back, MAC: moneticoSeal(deps.moneticoKey, back) })
      const answer = await fetch(deps.moneticoNotifyUrl, { method: 'POST', body })
      routes.cgi2.push(await answer.text())
    }
    // the payer back: paid to url_retour_ok, refused or gone back to url_retour_err
    const back = routes.payer === 'pay' ? fields.url_retour_ok : fields.url_retour_err
    return route.fulfill({ status: 303, headers: { location: back ?? '' } })
  })
  return routes
}
