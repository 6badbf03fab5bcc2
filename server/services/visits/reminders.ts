import { and, eq, sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import { bookerReminder } from '#contract/booker-commerce.ts'
import { wallClockDateTime } from '#domain/account/order-dates.ts'
import { LOCALE_INFO } from '#i18n/locales.ts'
import { createTranslator } from '#i18n/messages.ts'
import type { Db } from '#server/db/client.ts'
import {
  bookingOrders,
  type CompanyRow,
  companies,
  visitReminders,
} from '#server/db/schema/index.ts'
import { businessName, clock } from '#server/kernel/index.ts'
import {
  calendarMailLines,
  calendarToken,
  readVisit,
  type VisitFacts,
  visitCalendarProps,
} from '../booking/index.ts'
import { type Message, mailTemplate, queueMessage, SECRET } from '../notifier/index.ts'

const reminderSettings = z.object({
  booker: z.prefault(z.object({ reminder: bookerReminder }), {}),
})

/** The company's reminder setting (docs/decisions/039-reminders-and-calendar.md). */
export function reminderOf(company: CompanyRow): z.output<typeof bookerReminder> {
  const parsed = reminderSettings.safeParse(company.data)
  return parsed.success ? parsed.data.booker.reminder : bookerReminder.parse({})
}

/**
 * Where the "move or cancel my visit" link (reschedule, cancel) goes in the reminder once it
 * exists: undefined until then, and the reminder simply has no such line.
 */
const manageLink = (_company: CompanyRow, _visit: VisitFacts): string | undefined => undefined

/** The reminder e-mail, in the customer's language, times as the shop's wall clock. */
export function reminderMail(company: CompanyRow, visit: VisitFacts, now = clock.now()): Message {
  const t = createTranslator(visit.locale)
  const { iso } = LOCALE_INFO[visit.locale]
  const name = businessName(company)
  const shop = visit.shopName || name
  const first = visit.lines[0]
  const manage = manageLink(company, visit)
  const body = [
    visit.firstname ? t.t('reminder.greeting', { name: visit.firstname }) : t.t('reminder.hello'),
    '',
    t.t('reminder.intro', {
      shop,
      when: first ? wallClockDateTime(first.localStart, iso) : '',
    }),
    ...visit.lines.map((line) =>
      t.t('reminder.line', {
        service: line.service,
        when: wallClockDateTime(line.localStart, iso),
      }),
    ),
    ...(visit.shopAddress ? [t.t('reminder.address', { address: visit.shopAddress })] : []),
    t.t('reminder.number', { number: visit.ideorder }),
    ...(manage ? ['', t.t('reminder.manage', { link: manage })] : []),
    '',
    ...calendarMailLines(company, visit, visit.locale),
    '',
    t.t('reminder.signature'),
    name,
  ]
  const last = visit.lines.at(-1)
  // the file link's token is the message's secret: the template's link has its placeholder
  const calendar = visitCalendarProps(company, visit, now, { filePlaceholder: SECRET })
  return {
    channel: 'email',
    to: visit.email,
    subject: t.t('reminder.subject', { company: name, shop }),
    body: body.join('\n'),
    ...(last ? { secret: calendarToken(company.id, visit.orderId, last.endsAt) } : {}),
    companyId: company.id,
    template: mailTemplate('reminder', visit.locale, {
      firstname: visit.firstname,
      number: visit.ideorder,
      shop,
      address: visit.shopAddress,
      lines: visit.lines.map((line) => ({ service: line.service, localStart: line.localStart })),
      ...(manage ? { manageLink: manage } : {}),
      ...(calendar ? { calendar } : {}),
    }),
  }
}

/** The reminder SMS: short, no link. */
export function reminderSms(company: CompanyRow, visit: VisitFacts, phone: string): Message {
  const t = createTranslator(visit.locale)
  const first = visit.lines[0]
  return {
    channel: 'sms',
    to: phone,
    body: t
      .t('reminder.sms', {
        shop: visit.shopName || businessName(company),
        when: first ? wallClockDateTime(first.localStart, LOCALE_INFO[visit.locale].iso) : '',
        address: visit.shopAddress,
      })
      .trim(),
    companyId: company.id,
  }
}

interface Candidate {
  readonly company_id: number
  readonly booking_order_id: string
  readonly first: string | Date
}

/**
 * Confirmed visits of these companies whose first appointment starts in (now, until], and that
 * no reminder names at that start yet.
 */
async function candidates(db: Db, ids: readonly number[], now: Date, until: Date, limit: number) {
  const result = await db.execute(sql`
    select a.company_id, a.booking_order_id, min(a.starts_at) as first
    from appointments a
    where a.company_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
      and a.status = 'confirmed' and a.booking_order_id is not null
      and a.starts_at > ${now.toISOString()} and a.starts_at <= ${until.toISOString()}
    group by a.company_id, a.booking_order_id
    having not exists (
      select 1 from visit_reminders r
      where r.company_id = a.company_id and r.booking_order_id = a.booking_order_id
        and r.starts_at = min(a.starts_at))
    limit ${limit}`)
  return (result as unknown as { rows: Candidate[] }).rows
}

/**
 * One visit's reminder, in one transaction: the order row locked (a cancel of the same visit
 * waits, or ran before), the visit read again (still confirmed, first start still ahead and
 * within the delay), the reminder row inserted, and only if this transaction inserted it, the
 * e-mail (and SMS) queued in the notifier's outbox. Committed together or not at all, so a
 * crash loses nothing and a second instance or a later sweep queues nothing twice.
 */
async function remind(
  db: Db,
  company: CompanyRow,
  orderId: string,
  now: Date,
  until: Date,
): Promise<boolean> {
  const setting = reminderOf(company)
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: bookingOrders.status })
      .from(bookingOrders)
      .where(and(eq(bookingOrders.companyId, company.id), eq(bookingOrders.id, orderId)))
      .for('update')
    if (!order || order.status === 'cancelled') return false
    const visit = await readVisit(tx, company.id, orderId)
    const first = visit?.lines[0]
    if (!visit || !first || first.startsAt <= now || first.startsAt > until) return false
    const sms = setting.sms && visit.phone ? visit.phone : undefined
    const channels = [visit.email ? 'email' : '', sms ? 'sms' : ''].filter(Boolean).join('+')
    const [claimed] = await tx
      .insert(visitReminders)
      .values({
        companyId: company.id,
        bookingOrderId: orderId,
        startsAt: first.startsAt,
        channels,
      })
      .onConflictDoNothing()
      .returning({ at: visitReminders.createdAt })
    if (!claimed) return false
    if (visit.email) await queueMessage(tx, reminderMail(company, visit))
    if (sms) await queueMessage(tx, reminderSms(company, visit, sms))
    return true
  })
}

/**
 * The per-minute reminder sweep (server/cluster/jobs.ts): every company with reminders on, its
 * visits starting within its delay. Answers how many reminders it queued. A visit that fails is
 * left for the next sweep (its transaction rolled back); the others still go.
 */
export async function sendReminders(db: Db, limit = 200): Promise<number> {
  const now = clock.now()
  const byHours = new Map<number, CompanyRow[]>()
  for (const company of await db.select().from(companies)) {
    const setting = reminderOf(company)
    if (!setting.active) continue
    byHours.set(setting.hours, [...(byHours.get(setting.hours) ?? []), company])
  }
  let sent = 0
  let failure: unknown
  for (const [hours, group] of byHours) {
    const until = new Date(now.getTime() + hours * 3_600_000)
    const byId = new Map(group.map((company) => [company.id, company]))
    for (const candidate of await candidates(db, [...byId.keys()], now, until, limit)) {
      const company = byId.get(candidate.company_id)
      if (!company) continue
      try {
        if (await remind(db, company, candidate.booking_order_id, now, until)) sent += 1
      } catch (error) {
        failure ??= error
      }
    }
  }
  // the job fails (and says why) once every other visit had its chance
  if (failure) throw failure
  return sent
}
