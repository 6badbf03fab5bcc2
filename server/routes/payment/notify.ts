import { resolveCompany } from '#server/http/company.ts'
import { errorResponse, toRefusal } from '#server/http/errors.ts'
import { limitBody, type RouteSpec } from '#server/http/route.ts'
import {
  handleNotification,
  InvalidNotification,
  moneticoReceipt,
} from '#server/services/payments/index.ts'

export const NOTIFY_PATH = '/api/payment/notify/:provider/:companyToken'

/**
 * Provider notifications (not a contract call: Stripe webhooks, PayZen IPN, Monetico CGI2,
 * Saferpay notify). The raw body is read as is, since signatures are computed over its exact
 * bytes. The company is in the path (providers send no company header). Answers 200 {ok} once
 * taken (also for a repeat, which changes nothing), 400 invalidSignature for a forged one;
 * Monetico gets the plain-text receipt its kit expects (cdr=0 taken, cdr=1 refused).
 */
export const notifyRoute: RouteSpec = {
  path: NOTIFY_PATH,
  register(app) {
    app.post(NOTIFY_PATH, limitBody('first'), async (c) => {
      const provider = c.req.param('provider')
      const monetico = provider === 'monetico'
      try {
        const { deps } = c.var
        const company = await resolveCompany(deps.companies, c.req.param('companyToken'))
        const raw = { body: await c.req.text(), headers: c.req.raw.headers }
        await handleNotification(deps.db, company, provider, raw, c.req.query('payId'))
        return monetico ? c.text(moneticoReceipt(true)) : c.json({ ok: true })
      } catch (error) {
        if (monetico && error instanceof InvalidNotification) return c.text(moneticoReceipt(false))
        const refusal = toRefusal(error)
        if (refusal.type === 'internal') throw error
        return errorResponse(c, refusal, 'first')
      }
    })
  },
}
