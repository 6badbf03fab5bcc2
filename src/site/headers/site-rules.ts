import { resolveConfig } from '#api/config'
import type { SiteSnapshot } from '#contract/site-snapshot'
import {
  isPaymentEnabled,
  type PaymentProvider,
  resolvePaymentProvider,
} from '#domain/company/payment-enabled'
import { sessionRecorder } from '#domain/marketing/session-recording'
import { parseErrorDsn } from '#domain/web/error-dsn'
import { LOCALES, localizePath } from '#i18n/index'
import { fontStylesheets } from '#theme/fonts'
import { type PageHeadersInput, pageHeaders } from './csp'
import type { HeaderRule } from './headers-file'
import type { ThirdPartyName } from './hosts'

/**
 * The pages that mount the payment step: booking and e-shop cart, gift vouchers, and the
 * customer's own visit (the account's orders and the e-mail link's page), where a move to a
 * dearer visit pays its difference (docs/decisions/042-reschedule-pay-difference.md).
 */
export const PAYING_PAGES = [
  '/panier',
  '/gift',
  '/bonscadeaux',
  '/profile/orders',
  '/payments/manage',
] as const
/** The page whose address carries a secret: /profile/password-reset/:token (docs/product/2-screens.md). */
export const SECRET_PAGES = ['/profile/password-reset'] as const

type Booker = SiteSnapshot['company']['booker']

/** The third parties the company configured (the same fields SiteIslands.astro hands over). */
export function configuredThirdParties(booker: Booker): ThirdPartyName[] {
  const parties: ThirdPartyName[] = []
  if (booker.ganalytics) parties.push('googleAnalytics')
  if (booker.gaConversionId) parties.push('googleAds')
  if (booker.klaviyoPublicKey) parties.push('klaviyo')
  if (booker.optinMonsterEnabled && booker.optinMonsterCode) parties.push('optinMonster')
  if (booker.avisverifies?.codeMarque) parties.push('avisVerifies')
  const recorder = sessionRecorder(booker.sessionRecording)
  if (recorder) parties.push(recorder.provider)
  return parties
}

/** Where client error reports go, when the company configured a DSN (decision 032). */
const errorIngest = (booker: Booker) => parseErrorDsn(booker.sentryDsn)?.origin ?? ''

/** The provider whose SDK the paying pages load, when payment is on. */
export function payingProvider(booker: Booker): PaymentProvider | undefined {
  const provider = resolvePaymentProvider(booker.payment)
  return provider && isPaymentEnabled(booker.payment) ? provider : undefined
}

export type BuildEnv = Readonly<Record<string, string | undefined>>

/** The site-wide part of the policy input, from the snapshot and the build's environment. */
export function siteInput(
  snapshot: SiteSnapshot,
  scriptHashes: readonly string[],
  env: BuildEnv,
): PageHeadersInput {
  const { company } = snapshot
  const { bases } = resolveConfig(env)
  const website = company.identity.websiteURL ?? ''
  return {
    scriptHashes: [...scriptHashes].sort(),
    thirdParties: configuredThirdParties(company.booker),
    fontStylesheets: fontStylesheets(company.themes),
    apiOrigins: [bases.api, bases.vault, bases.stats, errorIngest(company.booker)].filter(Boolean),
    imageOrigins: [bases.storage].filter(Boolean),
    frameAncestors: (env.PUBLIC_BACKOFFICE_ORIGINS ?? '').split(',').map((o) => o.trim()),
    https: website.startsWith('https://'),
  }
}

/** Both spellings a CDN sees for a page: `/en/panier` and `/en/panier/…`. */
const patterns = (path: string) =>
  LOCALES.flatMap((locale) => {
    const localized = localizePath(path, locale)
    return [localized, `${localized}/*`]
  })

/**
 * The `_headers` rules of one site: every path gets the site policy; the paying pages add their
 * provider's hosts; the reset page sends no Referer (its token is in the address).
 */
/** The studio's address on a tenant host, in every language (its locale follows /studio/). */
export const STUDIO_PATTERNS = ['/studio', '/studio/*'] as const

export function siteHeaderRules(input: PageHeadersInput, payment?: PaymentProvider): HeaderRule[] {
  const rules: HeaderRule[] = [{ pattern: '/*', headers: pageHeaders(input) }]
  // the studio every tenant host serves (decision 071) frames its own site for the theme
  // preview (decision 084): a CDN applying this file gives it the sites server's policy
  const studio = pageHeaders({ ...input, framesOwnSite: true })
  for (const pattern of STUDIO_PATTERNS) rules.push({ pattern, headers: studio })
  if (payment) {
    const headers = pageHeaders({ ...input, payment })
    for (const path of PAYING_PAGES) {
      for (const pattern of patterns(path)) rules.push({ pattern, headers })
    }
  }
  const secret = pageHeaders({ ...input, secretInPath: true })
  for (const path of SECRET_PAGES) {
    for (const pattern of patterns(path)) rules.push({ pattern, headers: secret })
  }
  return rules
}
