import { Refusal } from '#server/kernel/index.ts'
import { InvalidNotification, paymentNotConfigured } from '../errors.ts'
import { decimalAmount, minorUnits } from './http.ts'
import { macMatches, moneticoDate, moneticoMac } from './monetico-mac.ts'
import type { Outcome, PaymentProviderAdapter, ProviderContext } from './types.ts'

/** The test server unless told otherwise (production: .../paiement.cgi without /test). */
export const MONETICO_DEFAULT_URL = 'https://p.monetico-services.com/test/paiement.cgi'

function account(context: ProviderContext) {
  const tpe = context.secret('MONETICO_TPE')
  const key = context.secret('MONETICO_KEY')
  const company = context.secret('MONETICO_COMPANY')
  if (!tpe || !key || !company) throw paymentNotConfigured('monetico')
  const action = context.secret('MONETICO_PAYMENT_URL') ?? MONETICO_DEFAULT_URL
  return { tpe, key, company, action }
}

/** Our reference at Monetico: the payment id without dashes (letters and digits, 32). */
export const moneticoReference = (paymentId: string) => paymentId.replaceAll('-', '')

/** The CGI2 return (code-retour) as our outcome. */
function returnOutcome(fields: Record<string, string>, precision: number): Outcome {
  const code = fields['code-retour'] ?? ''
  if (code === 'paiement' || code === 'payetest') {
    const match = /^(\d+(?:\.\d+)?)([A-Z]{3})$/.exec(fields.montant ?? '')
    return {
      kind: 'succeeded',
      amountCents: match?.[1] ? minorUnits(match[1], precision) : Number.NaN,
      currency: match?.[2] ?? '',
      transactionId: fields.numauto || (fields.reference ?? ''),
    }
  }
  const reason = fields.motifrefus || code || 'refused'
  return { kind: 'failed', errorType: 'card_error', message: `Payment refused (${reason}).` }
}

/**
 * Monetico payment page (form version 3.0). initialize answers, as result.token, the form the
 * island posts to Monetico: `{"action": url, "fields": {...}}` sealed with the MAC. Monetico
 * then calls our CGI2 address (set in its back office to
 * /api/payment/notify/monetico/<company token>) with the outcome, sealed the same way; that
 * call is what completes the payment. There is no query API in this kit, and refunds are made
 * from the Monetico back office (docs/product/6-roles.md: the e-shop is never paid with monetico).
 */
export const moneticoProvider: PaymentProviderAdapter = {
  name: 'monetico',
  scenario: 'redirect',
  notifiedOnly: true,
  configured: (context) =>
    ['MONETICO_TPE', 'MONETICO_KEY', 'MONETICO_COMPANY'].every(
      (n) => context.secret(n) !== undefined,
    ),

  async create(context, payment) {
    const { tpe, key, company, action } = account(context)
    const reference = moneticoReference(payment.id)
    const context64 = Buffer.from(
      JSON.stringify({ billing: payment.customerEmail ? { email: payment.customerEmail } : {} }),
    ).toString('base64')
    const fields: Record<string, string> = {
      TPE: tpe,
      contexte_commande: context64,
      date: moneticoDate(new Date()),
      lgue: 'FR',
      mail: payment.customerEmail ?? '',
      montant: `${decimalAmount(payment.amountCents, context.precision)}${payment.currency}`,
      reference,
      societe: company,
      'texte-libre': payment.cartId,
      // the error return says so (refused, or the payer left): rdvcheck asks no more than once
      url_retour_err: `${payment.returnUrl}&returned=err`,
      url_retour_ok: payment.returnUrl,
      version: '3.0',
    }
    const form = { action, fields: { ...fields, MAC: moneticoMac(key, fields).toUpperCase() } }
    return { providerRef: reference, token: JSON.stringify(form) }
  },

  // The outcome arrives by the CGI2 notification only: until then it is pending.
  verify: async () => ({ kind: 'pending' }),

  async notification(context, raw) {
    const { key } = account(context)
    const fields = Object.fromEntries(new URLSearchParams(raw.body))
    if (!macMatches(key, fields)) throw new InvalidNotification()
    const reference = fields.reference ?? ''
    return {
      eventKey: `${reference}:${fields['code-retour'] ?? ''}:${fields.date ?? ''}`,
      providerRef: reference,
      outcome: returnOutcome(fields, context.precision),
      payload: { reference, codeRetour: fields['code-retour'] ?? null },
    }
  },

  async refund() {
    throw new Refusal(409, 'refundNotSupported', 'Monetico refunds are made from its back office.')
  },

  connected: async (context) => moneticoProvider.configured(context),
}

/** Monetico's CGI2 expects this plain-text receipt: cdr=0 taken, cdr=1 refused (bad MAC). */
export const moneticoReceipt = (ok: boolean) => `version=2\ncdr=${ok ? 0 : 1}\n`
