import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type CompanyRow, companies } from '#server/db/schema/index.ts'

/** The company a message is from, read once per delivery (its brand, its SMS provider). */
export async function companyOf(db: Db, id: number | null): Promise<CompanyRow | undefined> {
  if (id === null) return undefined
  const [company] = await db.select().from(companies).where(eq(companies.id, id))
  return company
}

/**
 * The name a person knows the business by, shown as the e-mail's sender: the identity's display
 * name, else the nickname. The same rule as `businessName` (accounts/messages.ts), which imports
 * this folder: importing it back would make a cycle.
 */
export function senderName(company: CompanyRow): string {
  const identity = company.data.identity as { displayName?: unknown } | undefined
  const name = identity?.displayName
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : company.nickname
}
