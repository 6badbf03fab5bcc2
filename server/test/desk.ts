import { eq } from 'drizzle-orm'
import { accounts, companies } from '#server/db/schema/index.ts'
import { issueToken } from '#server/services/auth/index.ts'
import type { TestApi } from './harness.ts'

/** A company user of the host with this profile (none: the owner, as roles infer it), signed in. */
export async function staffBearer(
  t: TestApi,
  host: string,
  id: string,
  profile: Record<string, unknown> = {},
): Promise<string> {
  const [company] = await t.db.select().from(companies).where(eq(companies.host, host))
  if (!company) throw new Error(`no company ${host}`)
  await t.db
    .insert(accounts)
    .values({ companyId: company.id, id, kind: 'provider', email: `${id}@example.com`, profile })
  return (await issueToken(t.db, { companyId: company.id, kind: 'provider', subjectId: id })).token
}

/** The desk's calls, as a company user (the booking admin group: no company header). */
export function desk(t: TestApi, bearer: string, path: string, json: unknown, method = 'POST') {
  return t.call(path, { bearer, method, json })
}
