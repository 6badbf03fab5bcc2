import type { TestApi } from '#server/test/harness.ts'
import { CREATE_BODIES } from './bodies.ts'
import type { Tenant } from './sessions.ts'

/** B's closed and open day (docs/decisions/087-studio-shops-and-team.md), for the by-id calls. */
export interface ForeignDays {
  readonly closedDay: string
  readonly openDay: string
}

type Create = (t: TestApi, b: Tenant, path: string, body: unknown) => Promise<string>

export async function seedForeignDays(
  t: TestApi,
  b: Tenant,
  shop: string,
  create: Create,
): Promise<ForeignDays> {
  const { closedDay, openDay } = CREATE_BODIES
  return {
    closedDay: await create(t, b, '/api/closeddays', { ...closedDay, shopId: shop }),
    openDay: await create(t, b, '/api/opendays', { ...openDay, shopId: shop }),
  }
}
