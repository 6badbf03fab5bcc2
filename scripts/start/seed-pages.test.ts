import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { rebaseToNow } from '#server/db/seed/demo-calendar.ts'
import { readTenant } from '#server/db/seed/read-tenant.ts'
import { defaultTenantsDir } from '#server/db/seed.ts'
import { tenantSnapshot } from '../shared/tenant-files'

/**
 * A first start serves pages rendered from tenants/ while the API seeds its database from the same
 * files (seed-pages.ts): both must move the demo's dates the same way
 * (docs/decisions/108-demo-calendar.md), or the first pages would show other events than the API.
 */
const LATER = new Date('2027-05-18T08:00:00Z')

describe('the pages of a first start', () => {
  it.each(['bains-du-lac.localhost', 'maison-lumiere.localhost'])(
    '%s: the same dated content as the API seeds',
    (host) => {
      const snapshot = tenantSnapshot(join(defaultTenantsDir, host), host, LATER)
      const seeded = rebaseToNow(
        defaultTenantsDir,
        LATER,
      )(readTenant(join(defaultTenantsDir, host), host)).content
      const datesOf = (list: readonly { id?: unknown; start?: unknown; end?: unknown }[]) =>
        list.map(({ id, start, end }) => [String(id), start, end])
      expect(datesOf(snapshot.events)).toEqual(datesOf(seeded.events))
      expect(datesOf(snapshot.alerts)).toEqual(datesOf(seeded.alerts))
      expect(datesOf(snapshot.coupons)).toEqual(datesOf(seeded.coupons))
      const published = (list: readonly { publishedAt?: unknown }[]) =>
        list.map((post) => post.publishedAt ?? null)
      expect(published(snapshot.posts)).toEqual(published(seeded.posts))
      // and they did move
      const asWritten = tenantSnapshot(join(defaultTenantsDir, host), host)
      expect(datesOf(snapshot.events)).not.toEqual(datesOf(asWritten.events))
    },
  )
})
