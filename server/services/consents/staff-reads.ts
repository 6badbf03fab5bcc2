import { and, desc, eq, gte, lte, sql } from 'drizzle-orm'
import type { ConsentSignature, ConsentVisitState } from '#contract/consent.ts'
import { visitConsentState } from '#domain/consent/rules.ts'
import type { Db } from '#server/db/client.ts'
import {
  appointments,
  bookingOrders,
  consentSignatures,
  consentTemplates,
  consentVersions,
} from '#server/db/schema/index.ts'
import { badRequest, notFound } from '#server/kernel/index.ts'
import { orderReachWhere, reachableCustomer, reachOf, type Staff } from '../orders/index.ts'
import { formsOfOrders, signaturesOfOrders } from './needs.ts'

/** The longest range the agenda asks about: a week, with room for a month view later. */
const MAX_DAYS = 31

/**
 * The agenda's badges (docs/decisions/080-consent-record.md): the visits of some shop days
 * within the user's reach (docs/decisions/072-studio-roles.md) that need a form, and whether
 * each is signed. A visit needing none is left out.
 */
export async function visitStates(
  db: Db,
  companyId: number,
  staff: Staff,
  from: string,
  to: string,
): Promise<ConsentVisitState[]> {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000
  if (!(days >= 0 && days < MAX_DAYS)) throw badRequest('from..to: at most 31 days, in order.')
  const orders = await db
    .selectDistinct({ id: bookingOrders.id, ideorder: bookingOrders.ideorder })
    .from(bookingOrders)
    .innerJoin(
      appointments,
      and(
        eq(appointments.companyId, bookingOrders.companyId),
        eq(appointments.bookingOrderId, bookingOrders.id),
      ),
    )
    .where(
      and(
        eq(bookingOrders.companyId, companyId),
        eq(appointments.status, 'confirmed'),
        gte(sql`left(${appointments.localStart}, 10)`, from),
        lte(sql`left(${appointments.localStart}, 10)`, to),
        orderReachWhere(reachOf(staff.scope)),
      ),
    )
  const ids = orders.map((o) => o.id)
  const forms = await formsOfOrders(db, companyId, ids)
  const signatures = await signaturesOfOrders(db, companyId, ids)
  const states: ConsentVisitState[] = []
  for (const order of orders) {
    const needed = forms.get(order.id) ?? []
    const mine = signatures.filter((s) => s.orderId === order.id)
    const signedIds = new Set(mine.map((s) => s.templateId))
    const state = visitConsentState(
      needed.map((f) => ({ templateId: f.id })),
      signedIds,
    )
    if (state === 'none') continue
    states.push({
      orderId: order.id,
      ideorder: order.ideorder,
      state,
      forms: needed.map((f) => {
        const signed = mine.find((s) => s.templateId === f.id)
        return {
          templateId: f.id,
          versionId: signed?.versionId ?? f.versionId,
          signedAt: signed ? signed.signedAt.toISOString() : null,
        }
      }),
    })
  }
  return states
}

/**
 * A customer's signed forms, newest first: a customer the user reaches (a practitioner their own:
 * another is 404, as unknown), and of them the visits within the user's reach.
 */
export async function customerSignatures(
  db: Db,
  companyId: number,
  staff: Staff,
  customerId: string,
): Promise<ConsentSignature[]> {
  const customer = await reachableCustomer(db, companyId, customerId, staff)
  if (!customer) throw notFound('No such customer.')
  const rows = await db
    .select({ s: consentSignatures, v: consentVersions, serviceId: consentTemplates.serviceId })
    .from(consentSignatures)
    .innerJoin(
      bookingOrders,
      and(
        eq(bookingOrders.companyId, consentSignatures.companyId),
        eq(bookingOrders.id, consentSignatures.orderId),
      ),
    )
    .innerJoin(
      consentVersions,
      and(
        eq(consentVersions.companyId, consentSignatures.companyId),
        eq(consentVersions.id, consentSignatures.versionId),
      ),
    )
    .innerJoin(
      consentTemplates,
      and(
        eq(consentTemplates.companyId, consentSignatures.companyId),
        eq(consentTemplates.id, consentSignatures.templateId),
      ),
    )
    .where(
      and(
        eq(consentSignatures.companyId, companyId),
        eq(consentSignatures.customerId, customer.id),
        orderReachWhere(reachOf(staff.scope)),
      ),
    )
    .orderBy(desc(consentSignatures.signedAt))
  return rows.map(({ s, v, serviceId }) => ({
    id: s.id,
    orderId: s.orderId,
    templateId: s.templateId,
    versionId: s.versionId,
    versionNumber: v.number,
    serviceId,
    locale: s.locale as ConsentSignature['locale'],
    title: s.title,
    body: s.body,
    format: v.format,
    textHash: s.textHash,
    fullName: s.fullName,
    signedAt: s.signedAt.toISOString(),
    clientAddress: s.clientAddress,
  }))
}
