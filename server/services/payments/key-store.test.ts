import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { companies, companySecrets } from '#server/db/schema/index.ts'
import { companySuffix } from '#server/kernel/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { providerContext } from './context.ts'
import { storeSecret } from './key-store.ts'

/**
 * The providers read the key store first (docs/decisions/089-site-settings-and-key-store.md):
 * a stored value wins over the environment's, a cleared or foreign one falls back to it, and a
 * sealed value copied to another company does not open there.
 */

let t: TestApi
const ENV = `STRIPE_SECRET_KEY__${companySuffix('alpha-token')}`
let before: string | undefined
beforeAll(async () => {
  before = process.env[ENV]
  process.env[ENV] = 'from-the-environment'
  t = await startTestApi()
})
afterAll(async () => {
  await t.close()
  if (before === undefined) delete process.env[ENV]
  else process.env[ENV] = before
})

const company = async (token: string) => {
  const [row] = await t.db.select().from(companies).where(eq(companies.token, token))
  if (!row) throw new Error(token)
  return row
}

describe('providerContext reads the key store', () => {
  it('prefers the stored value, and a copy on another company opens nothing', async () => {
    const alpha = await company('alpha-token')
    const beta = await company('beta-token')
    expect((await providerContext(t.db, alpha)).secret('STRIPE_SECRET_KEY')).toBe(
      'from-the-environment',
    )
    await storeSecret(t.db, alpha.id, 'STRIPE_SECRET_KEY', 'sk_stored')
    expect((await providerContext(t.db, alpha)).secret('STRIPE_SECRET_KEY')).toBe('sk_stored')

    const [row] = await t.db.select().from(companySecrets)
    if (!row) throw new Error('not stored')
    await t.db.insert(companySecrets).values({ ...row, companyId: beta.id })
    expect((await providerContext(t.db, beta)).secret('STRIPE_SECRET_KEY')).not.toBe('sk_stored')
  })
})
