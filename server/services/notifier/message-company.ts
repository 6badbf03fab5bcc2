import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type CompanyRow, companies } from '#server/db/schema/index.ts'

/** The company a message is from, read once per delivery (its brand, its SMS provider). */
export async function companyOf(db: Db, id: number | null): Promise<CompanyRow | undefined> {
  if (id === null) return undefined
  const [company] = await db.select().from(companies).where(eq(companies.id, id))
  return company
}
