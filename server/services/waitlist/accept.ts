import { and, eq } from 'drizzle-orm'
import type { WaitlistEntry } from '#contract/waitlist.ts'
import type { Db } from '#server/db/client.ts'
import { type CompanyRow, waitlistEntries } from '#server/db/schema/index.ts'
import { bookingTransaction, clock, Refusal } from '#server/kernel/index.ts'
import { companyBookingOf, confirmHolds } from '../booking/index.ts'
import { entryView } from './entries.ts'
import { entryOfToken, settleOffers } from './offer-state.ts'

const gone = () => new Refusal(410, 'waitlistOfferGone', 'This offer is no longer valid.')

/**
 * POST /api/waitlist/offer: the offer link. The token (single purpose: it names one offer, is
 * stored only hashed, and stops working when the offer ends) must belong to the signed-in
 * customer. With service payment on, the held slot is paid through the booking cart as any hold
 * ('held'); with payment off it is confirmed here ('booked').
 */
export async function acceptOffer(
  db: Db,
  company: CompanyRow,
  customerId: string,
  token: string,
): Promise<{ entry: WaitlistEntry; status: 'held' | 'booked' }> {
  const found = await entryOfToken(db, company.id, token)
  if (!found || found.customerId !== customerId) throw gone()
  await settleOffers(db, company.id, { customerId })
  const [entry] = await db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.companyId, company.id), eq(waitlistEntries.id, found.id)))
  if (entry?.state === 'booked') return { entry: entryView(entry), status: 'booked' }
  const now = clock.now()
  if (
    entry?.state !== 'offered' ||
    !entry.offerCartId ||
    !entry.offerExpiresAt ||
    entry.offerExpiresAt.getTime() <= now.getTime()
  ) {
    throw gone()
  }
  if (companyBookingOf(company).paymentActive) return { entry: entryView(entry), status: 'held' }
  const cartId = entry.offerCartId
  await bookingTransaction(db, (tx) =>
    confirmHolds(tx, { companyId: company.id, cartId, by: customerId }),
  ).catch((error: unknown) => {
    if (error instanceof Refusal && error.status === 409) throw gone()
    throw error
  })
  await settleOffers(db, company.id, { customerId })
  const [booked] = await db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.companyId, company.id), eq(waitlistEntries.id, entry.id)))
  return { entry: entryView(booked ?? entry), status: 'booked' }
}
