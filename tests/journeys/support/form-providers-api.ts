import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for the REST APIs the product's server calls (PAYZEN_API_BASE,
 * SAFERPAY_API_BASE; server/README.md "Environment"), in the shapes of the recordings in
 * server/test/payment-recordings: PayZen V4 Charge/CreatePayment and Order/Get, Saferpay
 * PaymentPage/Initialize, PaymentPage/Assert and Transaction/Capture. What the payer did on the
 * provider's side is written here by the browser fakes (form-providers-browser.ts), as the
 * provider would record it, so that the server reads it back.
 */
export type PayerChoice = 'pay' | 'refuse' | 'cancel'

interface PayzenOrder {
  amount: number
  currency: string
  transactions: { uuid: string; status: 'PAID' | 'UNPAID'; detailedStatus: string }[]
}

interface SaferpayPage {
  amount: string
  currency: string
  returnUrl: string
  choice: PayerChoice | undefined
}

export interface FakeFormProvidersApi {
  url: string
  /** `METHOD /path` of every call the server made */
  received: string[]
  /** PayZen's view of one attempt on the embedded form, by its form token */
  payzenAttempt(formToken: string, choice: PayerChoice): 'PAID' | 'UNPAID'
  /** What the payer did on Saferpay's page, by its token; answers the shop's ReturnUrl */
  saferpayChoice(token: string, choice: PayerChoice): string | undefined
  close(): Promise<void>
}

const SAFERPAY_PAGE = 'https://test.saferpay.com/vt2/api/PaymentPage/401860/17795278'
const DETAILED: Record<PayerChoice, string> = {
  pay: 'AUTHORISED',
  refuse: 'REFUSED',
  cancel: 'ABANDONED',
}
// Saferpay's documented errors of Assert for a declined and an aborted payment (HTTP 402)
const SAFERPAY_ERRORS = {
  refuse: { ErrorName: 'TRANSACTION_DECLINED', ErrorMessage: 'Transaction declined by acquirer' },
  cancel: { ErrorName: 'TRANSACTION_ABORTED', ErrorMessage: 'Transaction aborted by the payer' },
} as const

export async function startFakeFormProvidersApi(): Promise<FakeFormProvidersApi> {
  const received: string[] = []
  const orders = new Map<string, PayzenOrder>()
  const formTokens = new Map<string, string>()
  const pages = new Map<string, SaferpayPage>()
  let serial = 0
  const next = () => String(++serial).padStart(6, '0')

  const route = (path: string, body: Record<string, unknown>): [number, unknown] => {
    const header = { SpecVersion: '1.40', RequestId: 'journey' }
    switch (path) {
      case '/api-payment/V4/Charge/CreatePayment': {
        const orderId = String(body.orderId)
        const formToken = `01journeyFormToken${next()}`
        orders.set(orderId, {
          amount: Number(body.amount),
          currency: String(body.currency),
          transactions: [],
        })
        formTokens.set(formToken, orderId)
        return [200, { status: 'SUCCESS', answer: { formToken }, mode: 'TEST' }]
      }
      case '/api-payment/V4/Order/Get': {
        const order = orders.get(String(body.orderId))
        if (!order) {
          return [200, { status: 'ERROR', answer: { errorCode: 'PSP_010', errorMessage: 'none' } }]
        }
        const transactions = order.transactions.map((t) => ({
          ...t,
          amount: order.amount,
          currency: order.currency,
        }))
        return [200, { status: 'SUCCESS', answer: { orderId: body.orderId, transactions } }]
      }
      case '/Payment/v1/PaymentPage/Initialize': {
        const token = `journeytoken${next()}`
        const payment = body.Payment as { Amount: { Value: string; CurrencyCode: string } }
        pages.set(token, {
          amount: payment.Amount.Value,
          currency: payment.Amount.CurrencyCode,
          returnUrl: (body.ReturnUrl as { Url: string }).Url,
          choice: undefined,
        })
        return [
          200,
          {
            ResponseHeader: header,
            Token: token,
            Expiration: '2099-01-01T00:00:00.000+01:00',
            RedirectUrl: `${SAFERPAY_PAGE}/${token}`,
          },
        ]
      }
      case '/Payment/v1/PaymentPage/Assert': {
        const page = pages.get(String(body.Token))
        if (!page?.choice) {
          return [402, { ResponseHeader: header, ErrorName: 'TRANSACTION_IN_WRONG_STATE' }]
        }
        if (page.choice !== 'pay')
          return [402, { ResponseHeader: header, ...SAFERPAY_ERRORS[page.choice] }]
        const transaction = {
          Type: 'PAYMENT',
          Status: 'AUTHORIZED',
          Id: `journeyTx${String(body.Token).slice(-6)}`,
          Amount: { Value: page.amount, CurrencyCode: page.currency },
        }
        return [200, { ResponseHeader: header, Transaction: transaction }]
      }
      case '/Payment/v1/Transaction/Capture':
        return [
          200,
          { ResponseHeader: header, CaptureId: `journeyCapture${next()}`, Status: 'CAPTURED' },
        ]
      default:
        return [404, { ErrorName: 'NOT_FOUND', ErrorMessage: path }]
    }
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/'
      received.push(`${req.method} ${path}`)
      let body: Record<string, unknown> = {}
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>
      } catch {
        // answered as an unknown call below
      }
      const [status, answer] = route(path, body)
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(answer))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    payzenAttempt(formToken, choice) {
      const order = orders.get(formTokens.get(formToken) ?? '')
      if (!order) throw new Error(`unknown form token ${formToken}`)
      const status = choice === 'pay' ? 'PAID' : 'UNPAID'
      order.transactions.push({
        uuid: `journeyuuid${next()}`,
        status,
        detailedStatus: DETAILED[choice],
      })
      return status
    },
    saferpayChoice(token, choice) {
      const page = pages.get(token)
      if (!page) return undefined
      page.choice = choice
      return page.returnUrl
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
