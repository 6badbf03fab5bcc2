import { and, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { accounts, carts, notifications } from '#server/db/schema/index.ts'
import { readMessages } from './messages.ts'
import { insertBookingOrder, newCustomer } from './orders.ts'

/**
 * Test support for reminders and calendar files: a confirmed (or cancelled) visit at
 * booking.localhost's shop s1 (Europe/Paris), booked in `locale` by a new customer.
 */
export async function visitOf(
  db: Db,
  options: {
    readonly start: string
    readonly locale: string
    readonly status?: 'confirmed' | 'cancelled'
    readonly phone?: string
    readonly firstname?: string
  },
) {
  const email = `${options.locale}-${Math.random().toString(36).slice(2)}@example.com`
  const customer = await newCustomer(db, 'booking.localhost', email, {
    profiles: [{ firstname: options.firstname ?? 'Alex' }],
  })
  if (options.phone) {
    await db.update(accounts).set({ phone: options.phone }).where(eq(accounts.id, customer.id))
  }
  const order = await insertBookingOrder(db, 'booking.localhost', {
    customerId: customer.id,
    start: options.start,
    serviceId: 'cut',
    status: options.status ?? 'confirmed',
  })
  await db
    .update(carts)
    .set({ data: { locale: options.locale } })
    .where(and(eq(carts.companyId, order.companyId), eq(carts.id, order.cartId)))
  return { order, customer, email }
}

/** What the outbox holds for one address on one channel, as the person reads it. */
export async function remindersTo(
  t: Parameters<typeof readMessages>[0],
  to: string,
  channel: 'email' | 'sms' = 'email',
) {
  return readMessages(t, and(eq(notifications.recipient, to), eq(notifications.channel, channel)))
}
