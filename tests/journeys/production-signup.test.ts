import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { formatMoney } from '#domain/money/format-money'
import { type Locale, type MessageKey, t } from '#i18n/index'
import { LOCALE_INFO } from '#i18n/locales'
import { DEVELOPMENT_NOTIFIER_LINE } from '#server/services/notifier/index.ts'
import {
  type SmsProviderStub,
  type StubRequest,
  startSmsProviderStub,
} from '#server/services/notifier/sms/testing/provider-stub.ts'
import {
  type ReceivedMail,
  startSmtpServer,
  type TestSmtpServer,
} from '#server/test/smtp-server.ts'
import { launchBrowser } from '#support/browser'
import { type RunningProduct, startProduct } from '#support/product'
import {
  DESKTOP,
  expectAxeClean,
  freshIdentity,
  ML,
  openPage,
  PHONE,
  storedToken,
} from './support/account'
import { copyDemoTenant } from './support/demo-tenant'
import { codeIn, partTypes, senderOf, topContentType, waitForMail } from './support/mailbox'
import { bookingByApi } from './support/manage'
import { customerBookingOrder } from './support/shop'
import { recordPaymentAtShop } from './support/shop-gift'
import type { Viewport } from './support/viewports'

/**
 * Decision 057 as a new salon runs it: `npm start` with NODE_ENV=production, e-mail through a real
 * SMTP server started here (smtp-server, every message parsed by mailparser), MAIL_FROM in its
 * display-name form, a NOTIFICATION_KEY, and nothing of the development notifier (its line and the
 * codes never appear in the product's output). On a copy of maison-lumiere, which has no SMS
 * provider of its own: a new customer registers in Chromium with the e-mail code alone, read from
 * the e-mail that arrived (From, subject and text in the page's language), lands signed in, and
 * books a visit paid at the shop, whose confirmation arrives too; then cancels from the account
 * a visit the salon recorded as paid, and the cancellation e-mail says the refund: French on a
 * desktop, English on a phone. A second copy of the company under another host chooses Twilio
 * and SMS codes alone (`booker.sms`, `booker.signupCodes: 'sms'`): its customer gets the code
 * through a Twilio-shaped stub (Basic auth with the account SID and token, the company's sender)
 * and no e-mail code.
 * The platform's Twilio credentials are set for both companies: only the one that chose a provider
 * sends SMS.
 */
const SMS_HOST = 'maison-lumiere-sms.localhost'
const SMS_TOKEN = `smscodes${'0'.repeat(23)}1`
const SENDER = 'MaisonLum'
const COMPANY = 'Maison Lumière'
const FROM = { name: COMPANY, address: 'no-reply@maison-lumiere.example' }
const TWILIO = {
  accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
  authToken: 'journey-twilio-token',
}
const SERVICE = {
  path: '/services/massages-corps/massage-californien',
  name: { fr: 'Massage californien', en: 'Californian massage' },
}
/** server/services/accounts/codes.ts: a code is valid 10 minutes */
const CODE_MINUTES = 10
/** server/services/accounts/messages.ts CODE_SUBJECT, after the business name */
const CODE_SUBJECT: Readonly<Record<'fr' | 'en', string>> = {
  fr: `${COMPANY} - Votre code de vérification`,
  en: `${COMPANY} - Your verification code`,
}
const OTHER: Readonly<Record<'fr' | 'en', 'fr' | 'en'>> = { fr: 'en', en: 'fr' }

let dir: string
let smtp: TestSmtpServer
let twilio: SmsProviderStub
let product: RunningProduct
let browser: Browser
const contexts: BrowserContext[] = []
/** every code a customer was sent: none may ever show in the product's output */
const codes: string[] = []
/** what the journeys received, for the checks of the message format below */
const mails: Record<'code' | 'confirmation' | 'cancelled', ReceivedMail[]> = {
  code: [],
  confirmation: [],
  cancelled: [],
}
/** tenants/maison-lumiere.localhost company.json: euros, the symbol after the amount */
const MONEY = { mCurrency: { symbol: '€', code: 'EUR' }, mCurrencyFormat: '#!' }

/** A demo tenant copied under `to`, its company.json changed by `change`. */
function tenantCopy(root: string, to: string, change: (company: Record<string, unknown>) => void) {
  copyDemoTenant(root, ML, to)
  const file = join(root, to, 'company.json')
  const company = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  change(company)
  writeFileSync(file, JSON.stringify(company, null, 2))
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'storefront-production-'))
  smtp = await startSmtpServer()
  twilio = await startSmsProviderStub({
    twilio: TWILIO,
    vonage: { apiKey: 'unused', apiSecret: 'unused' },
  })
  const tenants = join(dir, 'tenants')
  // maison-lumiere as it is: no SMS provider chosen, signupCodes unset
  tenantCopy(tenants, ML, () => undefined)
  tenantCopy(tenants, SMS_HOST, (company) => {
    company.token = SMS_TOKEN
    // websiteURL names maison-lumiere's own site: this copy's links go to its own host
    delete (company.identity as { websiteURL?: string }).websiteURL
    const booker = company.booker as Record<string, unknown>
    booker.sms = { provider: 'twilio', sender: SENDER }
    booker.signupCodes = 'sms'
  })
  product = await startProduct({
    timeoutMs: 300_000,
    env: {
      NODE_ENV: 'production',
      // production's own password cost: the tests' lower one is refused there (vitest.config.ts)
      PASSWORD_SCRYPT_N: '',
      TENANTS_DIR: tenants,
      SMTP_URL: smtp.url,
      MAIL_FROM: `${FROM.name} <${FROM.address}>`,
      NOTIFICATION_KEY: randomBytes(32).toString('hex'),
      PUBLISH_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
      // the platform's Twilio account; only a company that chooses a provider uses it
      TWILIO_API_BASE: twilio.url,
      TWILIO_ACCOUNT_SID: TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: TWILIO.authToken,
      SMS_PROVIDER: '',
      SMS_SENDER: '',
    },
  })
  browser = await launchBrowser()
}, 320_000)

afterAll(async () => {
  await browser?.close()
  await product?.stop()
  await Promise.allSettled([smtp?.close(), twilio?.close()])
  if (dir) rmSync(dir, { recursive: true, force: true })
})

afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

const prefix = (locale: Locale) => (locale === 'fr' ? '' : `/${locale}`)

/** A fresh context of `viewport` whose cookie dialog is answered (it would cover the booking). */
async function visitor(viewport: { width: number; height: number }, host: string) {
  const opened = await openPage(browser, viewport, contexts)
  await opened.page
    .context()
    .addCookies([{ name: 'preference-set', value: 'connection', url: product.url(host) }])
  return opened
}

/** The product ran as production: no development notifier, no code in its output. */
function expectProductionOutput(): void {
  const output = product.output()
  expect(output).not.toContain(DEVELOPMENT_NOTIFIER_LINE)
  expect(output).not.toMatch(/notify: development notifier/)
  expect(output).not.toContain('NOTIFICATION_KEY is not set')
  for (const code of codes) expect(output, `code ${code} in the product output`).not.toContain(code)
}

/** Step 1 of the register page filled and sent; answers the label finder of the page. */
async function registerStep1(
  page: Page,
  host: string,
  locale: 'fr' | 'en',
  me: { email: string; phone: string; password: string },
) {
  await page.goto(product.url(host, `${prefix(locale)}/auth/customer/register`))
  const label = (key: MessageKey) => page.getByLabel(t(locale, key), { exact: true })
  await label('auth.email').waitFor()
  await label('auth.email').fill(me.email)
  await label('auth.phone').fill(me.phone)
  await label('auth.password').fill(me.password)
  await label('auth.passwordConfirm').fill(me.password)
  await page.getByRole('button', { name: t(locale, 'auth.next') }).click()
  await page.getByRole('heading', { name: new RegExp(t(locale, 'auth.stepCodes')) }).waitFor()
  return label
}

/** The code verified on step 2, then the profile greets the new customer, signed in. */
async function verifyAndLand(page: Page, locale: 'fr' | 'en', field: MessageKey, code: string) {
  await page.getByLabel(t(locale, field), { exact: true }).fill(code)
  await page.getByRole('button', { name: t(locale, 'auth.verify') }).click()
  await page.waitForURL((url) => url.pathname === `${prefix(locale)}/profile`, { timeout: 30_000 })
  expect(await storedToken(page)).toBeTruthy()
}

/** One visit booked and paid at the shop (the free provider); answers its order number. */
async function bookVisit(page: Page, locale: 'fr' | 'en'): Promise<string> {
  await page.goto(product.url(ML, `${prefix(locale)}${SERVICE.path}?page=reserved`))
  const grid = page.getByRole('grid', { name: t(locale, 'booking.chooseSlot') })
  await grid.waitFor()
  const slot = grid.getByRole('button').first()
  const when = (await slot.getAttribute('aria-label')) ?? ''
  await slot.click()
  await page.getByText(t(locale, 'booking.slotChosen', { when })).waitFor()
  await page.getByRole('button', { name: t(locale, 'booking.addToCart') }).click()
  await page.getByText(t(locale, 'booking.addedToCart'), { exact: false }).waitFor()
  await page.goto(product.url(ML, `${prefix(locale)}/panier`))
  const cart = page.getByRole('region', { name: t(locale, 'booking.cartTitle') })
  await cart.getByText(SERVICE.name[locale]).waitFor()
  await cart.getByRole('button', { name: t(locale, 'booking.proceed') }).click()
  await page.getByRole('button', { name: t(locale, 'payment.confirmFree') }).click()
  await page.waitForURL(`**${prefix(locale)}/payments/success`, { timeout: 30_000 })
  await page.getByRole('heading', { name: t(locale, 'payment.success.title') }).waitFor()
  const shown = t(locale, 'booking.orderNumber', { id: '\u0000' }).split('\u0000')
  const number = await page
    .getByText(new RegExp(`^${(shown[0] ?? '').replace(/[.]/g, '\\.')}\\S+$`))
    .textContent()
  const id = (number ?? '').slice((shown[0] ?? '').length)
  expect(id).toMatch(/^B\d{8}-/)
  return id
}

/** A message reached the customer's mailbox from the company, in `locale` and not the other. */
function expectFromCompany(mail: ReceivedMail, locale: 'fr' | 'en', words: readonly string[]) {
  expect(senderOf(mail.parsed)).toEqual(FROM)
  // over STARTTLS (the server offers it), with a Message-ID of MAIL_FROM's domain
  expect(mail.secure).toBe(true)
  expect(mail.parsed.messageId ?? '').toMatch(/@maison-lumiere\.example>$/)
  const text = mail.parsed.text ?? ''
  for (const word of words) expect(text, `the ${locale} text`).toContain(word)
}

async function signUpWithEmailAndBook(viewport: Viewport, locale: 'fr' | 'en') {
  const { page, problems } = await visitor(viewport, ML)
  const me = freshIdentity(`prod-${locale}`)
  const from = smtp.received.length
  const smsBefore = twilio.requests.length
  const label = await registerStep1(page, ML, locale, me)

  // step 2 asks for the e-mail code alone: the company has no SMS provider
  await page.getByText(t(locale, 'auth.codeIntroEmail')).waitFor()
  expect(await label('auth.smsCode').count()).toBe(0)
  expect(await label('auth.emailCode').count()).toBe(1)
  await expectAxeClean(page, `register step 2, e-mail code (${locale})`)

  // the code, from the e-mail the SMTP server received
  const codeMail = await waitForMail(smtp.received, me.email, () => true, { from })
  mails.code.push(codeMail)
  expect(codeMail.parsed.subject).toBe(CODE_SUBJECT[locale])
  const expires = (l: 'fr' | 'en') => t(l, 'mail.code.expires', { minutes: CODE_MINUTES })
  expectFromCompany(codeMail, locale, [expires(locale)])
  expect(codeMail.parsed.text ?? '').not.toContain(expires(OTHER[locale]))
  const code = codeIn(codeMail.parsed.text ?? '')
  codes.push(code)
  await verifyAndLand(page, locale, 'auth.emailCode', code)
  await page
    .getByRole('heading', { name: t(locale, 'profile.greeting', { name: me.email }) })
    .waitFor()
  // the platform's Twilio account is configured, but this company chose no provider
  expect(twilio.requests.slice(smsBefore)).toEqual([])

  // a visit, and its confirmation in the same language
  const afterSignUp = smtp.received.length
  const number = await bookVisit(page, locale)
  const subject = t(locale, 'bookingMail.subject', { company: COMPANY, number })
  const confirmation = await waitForMail(
    smtp.received,
    me.email,
    (mail) => mail.parsed.subject === subject,
    { from: afterSignUp },
  )
  mails.confirmation.push(confirmation)
  expectFromCompany(confirmation, locale, [
    t(locale, 'bookingMail.hello'),
    SERVICE.name[locale],
    t(locale, 'bookingMail.signature'),
  ])
  expect(confirmation.parsed.text ?? '').not.toContain(t(OTHER[locale], 'bookingMail.signature'))

  await cancelPaidVisit(page, locale, me.email)

  // the log names envelopes only (decision 018)
  expect(product.output()).toContain(`notify email to ${me.email} via smtp`)
  expectProductionOutput()
  expect(problems).toEqual([])
}

/**
 * A visit booked eight weeks ahead (maison-lumiere's policy allows a cancellation until 24 h
 * before), paid at the shop and recorded there by the salon (decision 012), then cancelled from
 * the account: the page says the refund, and the cancellation e-mail reaches the customer in the
 * page's language with the amount refunded and the visit's calendar entry withdrawn.
 */
async function cancelPaidVisit(page: Page, locale: 'fr' | 'en', email: string): Promise<void> {
  const token = (await storedToken(page)) ?? ''
  const booked = await bookingByApi(product, token, 56, 7, () => true, undefined, locale)
  if (!booked) throw new Error('no free slot to book eight weeks ahead')
  await recordPaymentAtShop(product, ML, booked.orderId, booked.charged)
  const number = (await customerBookingOrder(product, ML, token, booked.orderId)).ideorder

  const from = smtp.received.length
  const order = `${prefix(locale)}/profile/orders?id=${encodeURIComponent(booked.orderId)}`
  await page.goto(product.url(ML, order))
  await page.locator('[data-manage-visit="ready"]').waitFor({ timeout: 30_000 })
  await page.getByRole('button', { name: t(locale, 'manage.cancel') }).click()
  await page.locator('[data-manage-confirm]').click()
  const outcome = page.locator('[data-manage-outcome="cancelled"]')
  await outcome.waitFor({ timeout: 30_000 })
  const amount = formatMoney(booked.charged, LOCALE_INFO[locale].iso, MONEY)
  expect(await outcome.textContent()).toContain(t(locale, 'manage.refunded', { amount }))

  const subject = t(locale, 'manage.notice.cancelledSubject', { company: COMPANY, number })
  const cancelled = await waitForMail(
    smtp.received,
    email,
    (mail) => mail.parsed.subject === subject,
    { from },
  )
  mails.cancelled.push(cancelled)
  expectFromCompany(cancelled, locale, [
    t(locale, 'mail.common.hello'),
    t(locale, 'mail.money.refund', { amount }),
  ])
  expect(cancelled.parsed.text ?? '').not.toContain(t(OTHER[locale], 'mail.common.hello'))
}

describe('production mode: sign-up with the e-mail code, a booking, a refunded cancellation (decisions 057, 038)', () => {
  it('desktop, French', async () => {
    await signUpWithEmailAndBook(DESKTOP, 'fr')
  })

  it('phone, English', async () => {
    await signUpWithEmailAndBook(PHONE, 'en')
  })
})

describe('production mode with SMS: the code through the Twilio provider', () => {
  it('desktop, French: the SMS code alone, from the stub, signs the customer in', async () => {
    const { page, problems } = await visitor(DESKTOP, SMS_HOST)
    const me = freshIdentity('prod-sms')
    const mailsBefore = smtp.received.length
    const smsBefore = twilio.requests.length
    const label = await registerStep1(page, SMS_HOST, 'fr', me)

    // whichever intro step 2 shows: a product whose API has no SMS transports asks for e-mail
    const smsIntro = page.getByText(t('fr', 'auth.codeIntroSms'))
    await smsIntro.or(page.getByText(t('fr', 'auth.codeIntroEmail'))).waitFor()
    expect(
      await smsIntro.count(),
      'step 2 asks for the SMS code (the company chose Twilio): does startApi get createSmsTransports?',
    ).toBe(1)
    expect(await label('auth.emailCode').count()).toBe(0)
    expect(await label('auth.smsCode').count()).toBe(1)
    await expectAxeClean(page, 'register step 2, SMS code (fr)')

    const sms = await waitForSms(me.phone, smsBefore)
    // Twilio's Messages API: the account in the path, HTTP Basic with the SID and the token
    expect(sms.path).toBe(`/2010-04-01/Accounts/${TWILIO.accountSid}/Messages.json`)
    const basic = Buffer.from(`${TWILIO.accountSid}:${TWILIO.authToken}`).toString('base64')
    expect(sms.headers.authorization).toBe(`Basic ${basic}`)
    expect(sms.form.From).toBe(SENDER)
    expect(sms.form.Body).toContain(COMPANY)
    const code = codeIn(sms.form.Body ?? '')
    codes.push(code)
    await verifyAndLand(page, 'fr', 'auth.smsCode', code)
    await page
      .getByRole('heading', { name: t('fr', 'profile.greeting', { name: me.email }) })
      .waitFor()

    // one SMS, and no e-mail code: the company asks for the SMS code alone
    expect(twilio.requests.slice(smsBefore).filter((r) => r.form.To === me.phone)).toHaveLength(1)
    expect(smtp.received.slice(mailsBefore).filter((m) => m.recipients.includes(me.email))).toEqual(
      [],
    )
    expect(product.output()).toContain(`notify sms to ${me.phone} via twilio`)
    expectProductionOutput()
    expect(problems).toEqual([])
  })
})

/** The Twilio request for `phone` made after `from`. */
async function waitForSms(phone: string, from: number): Promise<StubRequest> {
  const until = Date.now() + 20_000
  for (;;) {
    const request = twilio.requests.slice(from).find((r) => r.form.To === phone)
    if (request) return request
    if (Date.now() > until) {
      const seen = twilio.requests.map((r) => `${r.path} To=${r.form.To ?? ''}`).join('\n')
      throw new Error(`no SMS to ${phone} reached the Twilio stub; it received:\n${seen}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('production mode: the e-mails are what a salon would sign (decision 056)', () => {
  // every kind is rendered from its template at delivery (server/services/notifier/mail)
  it('the code, confirmation and cancellation e-mails are multipart/alternative with an HTML part; the confirmation carries the visit as text/calendar, the cancellation withdraws it', () => {
    expect(mails.code.length + mails.confirmation.length).toBeGreaterThan(0)
    for (const mail of [...mails.code, ...mails.confirmation, ...mails.cancelled]) {
      const types = partTypes(mail.raw)
      expect(types, mail.parsed.subject).toContain('text/plain')
      expect(types, mail.parsed.subject).toContain('text/html')
      expect(types, mail.parsed.subject).toContain('multipart/alternative')
      expect(mail.parsed.html || '', mail.parsed.subject).toMatch(/<html/i)
    }
    expect(mails.cancelled.length).toBeGreaterThan(0)
    const methods = [
      ...mails.confirmation.map((mail) => ({ mail, method: 'PUBLISH' })),
      ...mails.cancelled.map((mail) => ({ mail, method: 'CANCEL' })),
    ]
    for (const { mail, method } of methods) {
      expect(partTypes(mail.raw), mail.parsed.subject).toContain('text/calendar')
      const calendar = mail.parsed.attachments.find((a) => a.contentType === 'text/calendar')
      const ics = calendar?.content.toString('utf8') ?? ''
      expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/)
      expect(ics).toMatch(new RegExp(`\r\nMETHOD:${method}\r\n`))
      expect(ics).toContain(`SUMMARY:`)
    }
    // the top of a code mail is the alternative itself (no attachment): nothing else wraps it
    for (const mail of mails.code) expect(topContentType(mail.raw)).toBe('multipart/alternative')
  })
})
