import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { t } from '#i18n/index'
import { freshIdentity, ML, registerByApi } from './support/account'
import { withCustomerSession } from './support/booking'
import { journeyProduct } from './support/product'
import { siteBrowser } from './support/site'

/**
 * A waitlist offer's "held until" is a time of the shop (Europe/Paris), written in the shop's
 * zone whatever the browser's, and labelled with that zone where the browser's clock reads
 * otherwise (docs/decisions/064-error-page-preview-and-shop-times.md). The offer is answered by a
 * stub: what is under test is how the page writes a held offer, not how one is made
 * (tests/journeys/waitlist.test.ts makes a real one).
 */
const product = journeyProduct()
const site = siteBrowser()
afterEach(() => site.closeContexts())
afterAll(() => site.close())

// 14:45 UTC on a winter day is 15:45 in Paris, 09:45 in New York: 13 January of next year, ahead
// of the real clock on any day
const DAY = `${new Date().getUTCFullYear() + 1}-01-13`
const EXPIRES = `${DAY}T14:45:00.000Z`
const entry = {
  id: 'w1',
  shopId: '1',
  servicesId: ['141'],
  day: DAY,
  from: '10:00',
  to: '19:00',
  state: 'offered',
  offer: { bookingOrderId: 'o1', start: `${DAY}T16:00`, expiresAt: EXPIRES },
  createdAt: new Date().toISOString(),
}

async function heldLine(timezoneId: string, token: string): Promise<string> {
  const { context, page } = await site.open(ML, {
    timezoneId,
    cookies: { 'preference-set': 'connection' },
  })
  await withCustomerSession(context, token)
  await context.route('**/api/waitlist/offer*', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ entry, status: 'held' }),
    }),
  )
  await context.route(/\/api\/waitlist(\?|$)/, (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify([entry]) }),
  )
  await page.goto(site.url(ML, '/profile/waitlist#offer-token-of-twenty-chars'))
  const confirm = page.getByRole('button', { name: t('fr', 'waitlist.offer.pay') })
  await confirm.waitFor({ timeout: 30_000 })
  return (await page.locator('.waitlist-offer__held p').first().textContent()) ?? ''
}

describe('a held offer’s time is the shop’s', () => {
  it('a visitor in New York reads 15:45 with the shop’s zone; one in Paris reads 15:45 alone', async () => {
    const token = await registerByApi(product, ML, freshIdentity('waitlist-zone'))
    const abroad = await heldLine('America/New_York', token)
    expect(abroad).toContain('15:45 UTC+1')
    expect(abroad).not.toContain('09:45')
    const home = await heldLine('Europe/Paris', token)
    expect(home).toContain('15:45')
    expect(home).not.toContain('UTC')
  })
})
