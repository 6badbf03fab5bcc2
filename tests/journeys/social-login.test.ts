import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type MessageKey, t } from '#i18n/index'
import type { TestIssuer } from '#server/test/oidc-issuer.ts'
import { launchBrowser } from '#support/browser'
import type { RunningProduct } from '#support/product'
import { CAMILLE, DESKTOP, expectAxeClean, openPage, storeToken } from './support/account'
import { signInByApi } from './support/booking'
import { HOSTS, providersProduct } from './support/providers-product'

/**
 * Social sign-in (docs/decisions/031-social-sign-in-oidc.md) in Chromium: the providers' product
 * (support/providers-product.ts) with a copy of maison-lumiere (social.localhost) whose Google
 * client is a real OpenID Provider started there (oidc-provider on loopback, automatic login and
 * consent), so the browser goes through the site's start route, the issuer's authorization
 * endpoint and interactions, and the site's callback. French: sign in with Google as a new
 * customer, land on the profile with Google linked and not unlinkable (no password); an
 * unverified e-mail is refused in words; a callback without its flow cookie (lapsed at the
 * issuer) ends on the sign-in page, which says so. English: the demo customer (with a password)
 * links Google on the profile and unlinks it. axe-core on each screen; the site never calls
 * /passport.
 */
/** the copy of maison-lumiere whose Google client is the issuer's */
const HOST = HOSTS.google
let issuer: TestIssuer
let product: RunningProduct
let browser: Browser
const contexts: BrowserContext[] = []

beforeAll(async () => {
  ;({ product, issuer } = await providersProduct())
  issuer.person('sub-fr', { email: 'sociale.fr@example.com', emailVerified: true })
  issuer.person('sub-unverified', { email: CAMILLE.email, emailVerified: false })
  issuer.person('sub-en', { email: 'someone.else@example.com', emailVerified: true })
  browser = await launchBrowser()
}, 320_000)

afterAll(async () => {
  await browser?.close()
})

afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

/** Every path the page asked this product for. */
function pathsAsked(page: Page): string[] {
  const asked: string[] = []
  page.on('request', (request) => asked.push(new URL(request.url()).pathname))
  return asked
}

/** The French sign-in page shows the refusal in words, nobody is signed in, and axe finds nothing. */
async function expectSignInRefused(page: Page, key: MessageKey, label: string): Promise<void> {
  await page.getByRole('alert').getByText(t('fr', key)).waitFor({ timeout: 60_000 })
  expect(new URL(page.url()).pathname).toBe('/auth/customer/login')
  expect(await page.evaluate(() => localStorage.getItem('auth.customer'))).toBeNull()
  await expectAxeClean(page, label)
}

describe('social sign-in with Google (OpenID Connect against a local issuer)', () => {
  it('fr: signs a new customer in and lands on the profile, Google linked', async () => {
    const { page, problems } = await openPage(browser, DESKTOP, contexts)
    const asked = pathsAsked(page)
    issuer.signInAs('sub-fr')
    await page.goto(product.url(HOST, '/auth/customer/login?redirect=%2Fprofile'))
    const google = page.getByRole('link', { name: t('fr', 'auth.loginWithGoogle') })
    expect(await google.getAttribute('href')).toMatch(/^\/api\/auth\/google\/start\?company=/)
    await expectAxeClean(page, 'login with Google (fr)')
    await google.click()
    await page.waitForURL(/:\d+\/profile$/, { timeout: 60_000 })
    await page
      .getByText(t('fr', 'profile.signedInAs', { email: 'sociale.fr@example.com' }))
      .waitFor()
    await page.getByText(t('fr', 'auth.social.isLinked', { provider: 'Google' })).waitFor()
    const unlink = page.getByRole('button', {
      name: t('fr', 'auth.social.unlink', { provider: 'Google' }),
    })
    expect(await unlink.isDisabled()).toBe(true)
    await page.getByText(t('fr', 'auth.social.lastMethod')).first().waitFor()
    await expectAxeClean(page, 'profile after Google sign-in (fr)')
    expect(asked.filter((path) => path.startsWith('/passport'))).toEqual([])
    expect(asked).toContain('/api/auth/google/callback')
    expect(problems).toEqual([])
  })

  it('fr: an e-mail the issuer does not vouch for is refused in words', async () => {
    const { page, problems } = await openPage(browser, DESKTOP, contexts)
    issuer.signInAs('sub-unverified')
    await page.goto(product.url(HOST, '/auth/customer/login'))
    await page.getByRole('link', { name: t('fr', 'auth.loginWithGoogle') }).click()
    await expectSignInRefused(page, 'auth.social.emailNotVerified', 'login refused (fr)')
    expect(problems).toEqual([])
  })

  it('fr: a sign-in whose flow cookie is gone at the callback ends on the sign-in page, which says so', async () => {
    const { page, problems } = await openPage(browser, DESKTOP, contexts)
    // back from the issuer after the flow cookie lapsed (10 min): the callback has no flow
    await page.goto(product.url(HOST, '/api/auth/google/callback?code=late&state=late'))
    await expectSignInRefused(page, 'auth.social.flowInvalid', 'login, lost flow (fr)')
    expect(problems).toEqual([])
  })

  it('en: the demo customer links Google on the profile, then unlinks it', async () => {
    const { page, problems } = await openPage(browser, DESKTOP, contexts)
    const token = await signInByApi(product.apiUrl, HOST, CAMILLE.email)
    await page.goto(product.url(HOST, '/en/profile'))
    await storeToken(page, token)
    await page.reload()
    const link = page.getByRole('button', {
      name: t('en', 'auth.social.link', { provider: 'Google' }),
    })
    await link.waitFor()
    await expectAxeClean(page, 'profile, Google not linked (en)')
    issuer.signInAs('sub-en')
    await link.click()
    // through the issuer and back to this page, which says so
    await page
      .getByText(t('en', 'auth.social.linkedDone', { provider: 'Google' }))
      .waitFor({ timeout: 60_000 })
    await page.getByText(t('en', 'auth.social.isLinked', { provider: 'Google' })).waitFor()
    await expectAxeClean(page, 'profile, Google linked (en)')
    await page
      .getByRole('button', { name: t('en', 'auth.social.unlink', { provider: 'Google' }) })
      .click()
    await page.getByText(t('en', 'auth.social.unlinkedDone', { provider: 'Google' })).waitFor()
    await page.getByText(t('en', 'auth.social.notLinked', { provider: 'Google' })).waitFor()
    expect(problems).toEqual([])
  })
})
