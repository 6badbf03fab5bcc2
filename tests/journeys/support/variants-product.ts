import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type RunningProduct, startProduct } from '#support/product'
import { freePort } from '../../../scripts/shared/ports'
import { copyDemoCompany } from './demo-tenant'

/**
 * One product for the journeys of companies no demo tenant is (site-variants, marketing-eshop;
 * docs/decisions/111-one-product-for-the-provider-journeys.md does the same for the payment
 * providers): a start costs about 35 CPU s, and the two files each started one. The first of
 * them to run in a worker starts it; the other finds it started (the journeys' files share a
 * worker: isolate: false). It ends with the worker's process (startProduct kills it on exit), and
 * its folder is removed then too. Each company is read by one file only.
 */
export const HOSTS = {
  /** maison-lumiere in English only: its '/' serves English */
  english: 'maison-lumiere.localhost',
  /** a copy of maison-lumiere in German only */
  german: 'salon-deutsch.localhost',
  /** atelier-ferme, disabled, in debug mode: it sees its site with the debug bar */
  debug: 'atelier-ferme.localhost',
  /** a copy of maison-lumiere that sets Google Analytics and the Ads conversion */
  analytics: 'analytics.localhost',
} as const

/** The tags the analytics company sets (decision 032). */
export const ANALYTICS_TAGS = { ga: 'G-MLJOURNEY26', aw: 'AW-2026202', label: 'boutiqueJourney' }

type Company = Record<string, unknown> & {
  token: string
  nickname?: string
  isDebug?: boolean
  identity: { websiteURL?: string }
  booker: Record<string, unknown> & { langs: Record<string, boolean> }
}

const only = (locale: string) => ({
  fr: false,
  en: false,
  de: false,
  es: false,
  it: false,
  [locale]: true,
})

/** A copy whose company.json `change` edits, its websiteURL removed first. */
function tenantCopy(root: string, from: string, to: string, change: (company: Company) => void) {
  copyDemoCompany<Company>(root, from, to, (company) => {
    // websiteURL names the development port (4321), not this product's
    delete company.identity.websiteURL
    change(company)
  })
}

let started: Promise<RunningProduct> | undefined

/** The product, started by the first caller of the worker. */
export function variantsProduct(): Promise<RunningProduct> {
  started ??= start()
  return started
}

async function start(): Promise<RunningProduct> {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-variants-'))
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
  const tenants = join(dir, 'tenants')
  const maison = 'maison-lumiere.localhost'
  // the sites' port, chosen first: the analytics company's websiteURL names it
  const port = await freePort()
  tenantCopy(tenants, maison, HOSTS.english, (company) => {
    company.booker.langs = only('en')
  })
  tenantCopy(tenants, maison, HOSTS.german, (company) => {
    company.token = 'deutsch000000000000000000000001'
    company.nickname = 'salon-deutsch'
    company.booker.langs = only('de')
  })
  tenantCopy(tenants, HOSTS.debug, HOSTS.debug, (company) => {
    company.isDebug = true
  })
  tenantCopy(tenants, maison, HOSTS.analytics, (company) => {
    company.token = 'analytics00000000000000000000001'
    company.nickname = 'maison-analytics'
    company.identity.websiteURL = `http://${HOSTS.analytics}:${port}`
    Object.assign(company.booker, {
      ganalytics: ANALYTICS_TAGS.ga,
      gaConversionId: ANALYTICS_TAGS.aw,
      gaConversionLabel: ANALYTICS_TAGS.label,
    })
  })
  return startProduct({ timeoutMs: 420_000, port, env: { TENANTS_DIR: tenants } })
}
