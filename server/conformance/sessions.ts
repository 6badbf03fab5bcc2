import type { AccountKind } from '#server/db/schema/index.ts'
import { accounts } from '#server/db/schema/index.ts'
import { issueToken } from '#server/services/auth/index.ts'
import { platformSession } from '#server/services/platform/index.ts'
import { companyIdOf } from '#server/test/content.ts'
import type { TestApi } from '#server/test/harness.ts'

/**
 * The two fixture companies with one account of each kind and a live bearer for it. Account
 * ids are prefixed by company ('alpha-customer', 'beta-customer'...): the fixtures reuse 'u1'
 * in both companies, and an isolation test must never pass because A's id happens to equal B's.
 */

export interface Tenant {
  readonly host: string
  /** The `company` header value. */
  readonly token: string
  readonly companyId: number
  readonly ids: Readonly<Record<AccountKind, string>>
  readonly bearers: Readonly<Record<AccountKind, string>>
  /** a platform administrator's bearer (no company's: docs/decisions/085-company-creation.md) */
  readonly platformBearer: string
}

export const KINDS: readonly AccountKind[] = ['customer', 'provider', 'access']

export async function seedTenant(t: TestApi, name: 'alpha' | 'beta'): Promise<Tenant> {
  const host = `${name}.localhost`
  const companyId = await companyIdOf(t.db, host)
  const ids = {} as Record<AccountKind, string>
  const bearers = {} as Record<AccountKind, string>
  for (const kind of KINDS) {
    const id = `${name}-${kind}`
    await t.db.insert(accounts).values({
      companyId,
      kind,
      id,
      email: `${kind}@${name}.example`,
      profile: kind === 'customer' ? { profiles: [{ firstname: 'Test', lastname: name }] } : {},
      verifiedAt: new Date(),
    })
    ids[kind] = id
    bearers[kind] = (await issueToken(t.db, { companyId, kind, subjectId: id })).token
  }
  const platformBearer = await platformSession(t.db, `admin@${name}.example`)
  return { host, token: `${name}-token`, companyId, ids, bearers, platformBearer }
}

/**
 * A company user of the tenant in another studio role than the owner's (the tenant's own
 * provider has an empty profile: the owner, docs/decisions/072-studio-roles.md), and its bearer.
 */
export async function staffBearer(
  t: TestApi,
  tenant: Tenant,
  role: 'manager' | 'practitioner',
): Promise<string> {
  const id = `${tenant.host.split('.')[0]}-${role}`
  await t.db.insert(accounts).values({
    companyId: tenant.companyId,
    kind: 'provider',
    id,
    email: `${role}@${tenant.host}`,
    profile: { studioRole: role, artebeauteIds: [], resourceIds: [] },
    verifiedAt: new Date(),
  })
  const issued = await issueToken(t.db, {
    companyId: tenant.companyId,
    kind: 'provider',
    subjectId: id,
  })
  return issued.token
}
