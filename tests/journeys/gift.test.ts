import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '#support/browser'
import { journeyProduct } from './support/product'
import {
  apiGet,
  customerToken,
  DESKTOP,
  expectAxeClean,
  newVisitor,
  PHONE,
  signInVisitor,
  tabTo,
} from './support/shop'
import {
  buyGiftVoucher,
  fillGiftForm,
  pressPay,
  recordPaymentAtShop,
  voucherCodeFromLog,
} from './support/shop-gift'

// Buying a gift voucher (docs/product/5-rules.md#gifts): theme, amount, recipient, payment (free
// provider: pay at the shop, decision 012), confirmation, and the voucher's code, issued and usable
// once the shop recorded the payment (docs/security.md#payments-and-what-they-issue). A visitor on
// a phone in French (maison-lumiere, one shop), and a signed-in customer on a desktop in German at
// a marketplace with seven shops (bains-du-lac), who sees the code on the confirmation.

interface Check {
  gift: { code: string; amount: { amount: number }; remaining: { amount: number }; to: string }
  usable: boolean
}

describe('gift vouchers', () => {
  const product = journeyProduct()
  let browser: Browser

  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('phone, French, as a visitor: errors announced, voucher to pay at the shop, code e-mailed once paid', async () => {
    const host = 'maison-lumiere.localhost'
    const visitor = await newVisitor(browser, product, host, PHONE)
    const { page } = visitor
    const email = `lea.${Date.now()}@example.com`
    try {
      await page.goto(product.url(host, '/gift'))
      await page.getByRole('heading', { level: 1, name: 'Cartes cadeaux' }).waitFor()
      // the form is hydrated (the header script marks the island data-mounted): a key pressed before is lost
      await page.locator('[data-needed-island="gift"][data-mounted] form.gift-form').waitFor()
      await expectAxeClean(page, 'gift form')

      // sending the empty form by keyboard: a summary is announced, the first wrong field focused
      await tabTo(page, 'form.gift-form button[type="submit"]')
      await page.keyboard.press('Enter')
      await page
        .getByRole('alert')
        .filter({ hasText: 'Le formulaire contient des erreurs' })
        .waitFor()
      await expect(
        page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type),
      ).resolves.toBe('radio')
      await expect(page.getByText('Choisissez un thème.').count()).resolves.toBe(1)
      await expectAxeClean(page, 'gift form with errors')

      // an amount out of bounds is refused with the bounds
      await page.getByRole('radio', { name: 'Merci' }).press('Space')
      await page.getByRole('radio', { name: 'Autre montant' }).press('Space')
      await page.getByRole('textbox', { name: 'Autre montant' }).fill('5')
      await page.getByRole('button', { name: 'Continuer vers le paiement' }).press('Enter')
      await page
        .getByText(/^Le montant doit être compris entre 10,00\s€ et 1\s000,00\s€\.$/)
        .waitFor()
      await expect(
        page.getByRole('textbox', { name: 'Autre montant' }).getAttribute('aria-invalid'),
      ).resolves.toBe('true')

      await fillGiftForm(page, {
        theme: 'Merci',
        amountLabel: 'Autre montant',
        customAmount: '75',
        customAmountField: 'Autre montant',
        nameLabel: /Nom du bénéficiaire/,
        name: 'Léa Bernard',
        emailLabel: /E-mail du bénéficiaire/,
        email,
        messageLabel: 'Votre message',
        message: 'Bon anniversaire !',
        continueLabel: 'Continuer vers le paiement',
      })
      await page.getByRole('heading', { name: 'Paiement du bon cadeau' }).waitFor()
      await page.getByText(`Bon cadeau « Merci » de 75,00 € pour Léa Bernard (${email})`).waitFor()
      // the free provider charges nothing online: the page says so before the visitor commits
      await page
        .getByText(/^Rien n’est débité en ligne : vous réglerez 75,00\s€ en boutique\.$/)
        .waitFor()
      const pay = page.getByRole('button', { name: /^Payer 75,00\s€$/ })
      await pay.waitFor()
      await expectAxeClean(page, 'gift payment')

      const logFrom = product.output().length
      const answer = await pressPay(page, pay, 'Enter')
      expect(answer).toMatchObject({ status: 'succeeded', amountDue: { amount: 7_500 } })
      await page.getByRole('heading', { name: 'Votre bon cadeau est réservé' }).waitFor()
      await page
        .getByText(
          /^Réglez 75,00\s€ en boutique : le bon cadeau de Léa Bernard \(.+\) sera activé et son code envoyé par e-mail dès que la boutique aura enregistré votre paiement\.$/,
        )
        .waitFor()
      await expectAxeClean(page, 'gift confirmation (to pay at the shop)')
      // nothing issued yet: no e-mail with a code
      expect(product.output().slice(logFrom)).not.toContain(`notify email to ${email}`)

      // the shop takes the 75 € and records it: the voucher is issued, its code e-mailed
      await recordPaymentAtShop(product, host, answer.orderId ?? '', 7_500)
      const code = await voucherCodeFromLog(product, email, logFrom)
      const check = await apiGet<Check>(product, host, `/api/gifts/check/${code}`)
      expect(check.usable).toBe(true)
      expect(check.gift.amount.amount).toBe(7_500)
      expect(check.gift.remaining.amount).toBe(7_500)
      expect(check.gift.to).toBe('Léa Bernard')
      expect(visitor.problems).toEqual([])
    } finally {
      await visitor.context.close()
    }
  })

  it('desktop, German, signed in at a marketplace: a shop chosen, to pay there, then usable', async () => {
    const host = 'bains-du-lac.localhost'
    const visitor = await newVisitor(browser, product, host, DESKTOP)
    const { page } = visitor
    const email = `jonas.${Date.now()}@example.com`
    try {
      await signInVisitor(
        visitor,
        product,
        host,
        await customerToken(product, host, 'julien.favre@example.com'),
      )
      await page.goto(product.url(host, '/de/bonscadeaux'))
      await page.getByRole('heading', { level: 1, name: 'Geschenkkarten' }).waitFor()
      // hydrated first, as in the French case above: a field filled before is lost
      await page.locator('[data-needed-island="gift"][data-mounted] form.gift-form').waitFor()
      await expectAxeClean(page, 'gift form (de)')

      await fillGiftForm(page, {
        theme: 'Zu zweit',
        amountLabel: /^100,00\s€$/,
        shop: { label: 'Standort', name: 'Les Bains du Lac Chambéry' },
        nameLabel: /Name der beschenkten Person/,
        name: 'Jonas Keller',
        emailLabel: /E-Mail der beschenkten Person/,
        email,
        messageLabel: 'Ihre Nachricht',
        message: 'Alles Gute!',
        continueLabel: 'Weiter zur Zahlung',
      })
      await page.getByRole('heading', { name: 'Bezahlung des Gutscheins' }).waitFor()
      const pay = page.getByRole('button', { name: /100,00\s€/ })
      await pay.waitFor()
      await expectAxeClean(page, 'gift payment (de)')
      const logFrom = product.output().length
      const answer = await pressPay(page, pay, 'Enter')
      await page.getByRole('heading', { name: 'Ihr Gutschein ist reserviert' }).waitFor()
      await page.getByText(/^Bezahlen Sie 100,00\s€ im Geschäft: /).waitFor()
      // no code before the payment is recorded
      await expect(page.getByText(/^Gutscheincode:/).count()).resolves.toBe(0)
      await expectAxeClean(page, 'gift confirmation (de, to pay at the shop)')

      await recordPaymentAtShop(product, host, answer.orderId ?? '', 10_000)
      const code = await voucherCodeFromLog(product, email, logFrom)
      const check = await apiGet<Check>(product, host, `/api/gifts/check/${code}`)
      expect(check.usable).toBe(true)
      expect(check.gift.amount.amount).toBe(10_000)
      expect(visitor.problems).toEqual([])
    } finally {
      await visitor.context.close()
    }
  })

  it('the helper buys a voucher through the API and gives its code (for the booking journeys)', async () => {
    const host = 'maison-lumiere.localhost'
    const voucher = await buyGiftVoucher(product, host, {
      customerEmail: 'camille.martin@example.com',
      amount: 3_000,
    })
    const check = await apiGet<Check>(product, host, `/api/gifts/check/${voucher.code}`)
    expect(check).toMatchObject({ usable: true, gift: { remaining: { amount: 3_000 } } })
  })
  it('a first visit on a phone: no React before the form is used; a theme tapped and a name typed before it came are kept', async () => {
    // nothing pre-set (docs/decisions/065-first-visit-blocking-time.md): the cookie dialog is
    // unanswered, so the form hydrates only when used. Its code is held back until the visitor
    // has tapped a theme and typed a name, then let through.
    const host = 'maison-lumiere.localhost'
    const { context, page, problems } = await newVisitor(browser, product, host, PHONE, {
      firstVisit: true,
    })
    try {
      const scripts: string[] = []
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url())
      })
      let release: () => void = () => undefined
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      await page.route(/\/_astro\/GiftForm\.[\w-]+\.js$/, async (route) => {
        await held
        await route.continue()
      })
      await page.goto(product.url(host, '/gift'), { waitUntil: 'networkidle' })
      await page.locator('[data-consent-banner]').waitFor()
      expect(scripts.filter((url) => /\/(GiftForm|client)\.[\w-]+\.js$/.test(url))).toEqual([])

      const island = page.locator('[data-needed-island="gift"]')
      await page.getByRole('radio', { name: 'Merci' }).tap()
      await page.getByRole('textbox', { name: /Nom du bénéficiaire/ }).fill('Léa Bernard')
      await expect(island.getAttribute('data-mounted')).resolves.toBeNull()
      release()
      await island.and(page.locator('[data-mounted]')).waitFor()

      await expect(page.getByRole('radio', { name: 'Merci' }).isChecked()).resolves.toBe(true)
      await page.getByRole('textbox', { name: /E-mail du bénéficiaire/ }).fill('lea@example.com')
      await page.getByRole('button', { name: 'Continuer vers le paiement' }).click()
      await page.getByRole('heading', { name: 'Paiement du bon cadeau' }).waitFor()
      // the step's code is a lazy chunk: its heading still takes the focus once it is there
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('Paiement du bon cadeau')
      await page
        .getByText(/Bon cadeau « Merci » de .+ pour Léa Bernard \(lea@example.com\)/)
        .waitFor()
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})
