import { and, eq, inArray, isNull } from 'drizzle-orm'
import { type ActiveTemplate, formsForVisit } from '#domain/consent/rules.ts'
import type { Db, Tx } from '#server/db/client.ts'
import {
  appointments,
  bookingOrders,
  type ConsentSignatureRow,
  consentSignatures,
  consentTemplates,
} from '#server/db/schema/index.ts'

/**
 * Which forms some visits need (src/domain/consent/rules.ts formsForVisit over their confirmed
 * appointments' services and the live templates), and what they signed.
 */
export async function formsOfOrders(
  db: Db | Tx,
  companyId: number,
  orderIds: readonly string[],
): Promise<Map<string, ActiveTemplate[]>> {
  if (orderIds.length === 0) return new Map()
  const booked = await db
    .select({ orderId: appointments.bookingOrderId, serviceId: appointments.serviceId })
    .from(appointments)
    .where(
      and(
        eq(appointments.companyId, companyId),
        inArray(appointments.bookingOrderId, [...orderIds]),
        eq(appointments.status, 'confirmed'),
      ),
    )
  const templates = await activeTemplates(
    db,
    companyId,
    booked.map((b) => b.serviceId),
  )
  const forms = new Map<string, ActiveTemplate[]>()
  for (const orderId of orderIds) {
    const services = booked.filter((b) => b.orderId === orderId).map((b) => b.serviceId)
    forms.set(orderId, formsForVisit(services, templates))
  }
  return forms
}

export async function signaturesOfOrders(
  db: Db | Tx,
  companyId: number,
  orderIds: readonly string[],
): Promise<ConsentSignatureRow[]> {
  if (orderIds.length === 0) return []
  return db
    .select()
    .from(consentSignatures)
    .where(
      and(
        eq(consentSignatures.companyId, companyId),
        inArray(consentSignatures.orderId, [...orderIds]),
      ),
    )
}

export async function orderRow(db: Db | Tx, companyId: number, orderId: string) {
  const [order] = await db
    .select({
      id: bookingOrders.id,
      ideorder: bookingOrders.ideorder,
      customerId: bookingOrders.customerId,
      shopId: bookingOrders.shopId,
    })
    .from(bookingOrders)
    .where(and(eq(bookingOrders.companyId, companyId), eq(bookingOrders.id, orderId)))
  return order
}

/** The live templates of some services, with their current version: what a visit asks for. */
export async function activeTemplates(db: Db | Tx, companyId: number, serviceIds: string[]) {
  if (serviceIds.length === 0) return []
  return db
    .select({
      id: consentTemplates.id,
      serviceId: consentTemplates.serviceId,
      versionId: consentTemplates.currentVersionId,
    })
    .from(consentTemplates)
    .where(
      and(
        eq(consentTemplates.companyId, companyId),
        isNull(consentTemplates.archivedAt),
        inArray(consentTemplates.serviceId, [...new Set(serviceIds)]),
      ),
    )
    .orderBy(consentTemplates.createdAt, consentTemplates.id)
}
