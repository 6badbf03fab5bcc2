import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { linksProfilesCalls } from '#contract/calls/links-profiles.ts'
import { accounts } from '#server/db/schema/index.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { notFound } from '#server/kernel/index.ts'
import { getAccount, readCustomerData } from '#server/services/accounts/index.ts'

/** A link is the pair (account, back-office customer); its id says both, so it is stable. */
const linkView = (userId: string, artebeauteId: string) => ({
  id: `${userId}:${artebeauteId}`,
  userId,
  artebeauteId,
})

/**
 * Links (docs/product/7-calls.md): a customer account paired with the company's back-office customer. No back
 * office is wired into this API, so a first link mints the back-office id and needs no SMS code;
 * an account already linked gets its link back. A real back office matching an existing person
 * would answer requireSMSCode true and send a code.
 */
export const linksRoutes: RouteSpec[] = [
  handle(linksProfilesCalls.linkCreate, async ({ c, company, subject, body }) => {
    // Nobody links someone else's account: another id is simply not found.
    if (body.userId !== subject.id) throw notFound('No such account.')
    const { db } = c.var.deps
    const account = await getAccount(db, company.id, 'customer', subject.id)
    const data = readCustomerData(account.profile)
    const existing = data.links[0]
    if (existing)
      return { link: linkView(account.id, existing.artebeauteId), requireSMSCode: false }
    const artebeauteId = randomUUID()
    // Only while still unlinked: of two concurrent first links, one wins and both answer it.
    const [saved] = await db
      .update(accounts)
      .set({
        profile: sql`${accounts.profile} || ${JSON.stringify({ links: [{ artebeauteId }] })}::jsonb`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(accounts.companyId, company.id),
          eq(accounts.id, account.id),
          // CASE, not OR: PostgreSQL does not promise to evaluate OR from left to right.
          sql`case when jsonb_typeof(${accounts.profile} -> 'links') = 'array' then jsonb_array_length(${accounts.profile} -> 'links') = 0 else true end`,
        ),
      )
      .returning()
    const winner = readCustomerData(
      (saved ?? (await getAccount(db, company.id, 'customer', account.id))).profile,
    ).links[0]
    return {
      link: linkView(account.id, winner?.artebeauteId ?? artebeauteId),
      requireSMSCode: false,
    }
  }),

  handle(linksProfilesCalls.linksOfUser, async ({ c, company, query }) => {
    const account = await getAccount(c.var.deps.db, company.id, 'customer', query.userId)
    return readCustomerData(account.profile).links.map((l) => linkView(account.id, l.artebeauteId))
  }),
]
