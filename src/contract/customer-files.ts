import * as z from 'zod/mini'
import { bookingOrder } from './booking-order'
import { id, instant, isoDate, line, maybe, money } from './common'
import { backOfficeCustomer } from './customer'
import { eshopOrder } from './eshop'

/**
 * Customer files (docs/decisions/079-customer-files-and-erasure.md): the company's lists of
 * pigments and needles, a customer's dossiers and the services performed in them (prestations)
 * with the lots they used. The spec names the calls and leaves the fields out; these are ours.
 */

const MAX_NOTES = 4000
export const notesText = z.string().check(z.maxLength(MAX_NOTES))
/** a lot number as printed on the product: letters, digits and separators */
export const lotNumber = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[\w./-]+$/))

export const pigmentBody = z.object({
  brand: line.check(z.minLength(1)),
  colour: line.check(z.minLength(1)),
  lot: lotNumber,
  expiry: isoDate,
})
export const pigment = z.extend(pigmentBody, { id })

export const needleBody = z.object({
  type: line.check(z.minLength(1)),
  lot: lotNumber,
})
export const needle = z.extend(needleBody, { id })

export const DOSSIER_TYPES = ['pmu', 'tattoo', 'aesthetic', 'other'] as const
export const dossierType = z.enum(DOSSIER_TYPES)

export const dossierBody = z.object({
  /** the customer's back-office id (customers search's artebeauteId) */
  customerId: id,
  type: dossierType,
  title: line.check(z.minLength(1)),
  notes: z._default(notesText, ''),
})
export const dossier = z.extend(dossierBody, { id, createdAt: instant, updatedAt: instant })

/** what a prestation used, copied from the lists when recorded so a later edit cannot rewrite it */
export const usedPigment = z.object({
  pigmentId: id,
  brand: line,
  colour: line,
  lot: lotNumber,
  expiry: isoDate,
})
export const usedNeedle = z.object({ needleId: id, type: line, lot: lotNumber })

export const prestationBody = z.object({
  dossierId: id,
  date: isoDate,
  service: line.check(z.minLength(1)),
  /** the resource (employee) who performed it */
  practitionerId: maybe(id),
  notes: z._default(notesText, ''),
  pigmentIds: z._default(z.array(id).check(z.maxLength(20)), []),
  needleIds: z._default(z.array(id).check(z.maxLength(20)), []),
})
export const prestation = z.object({
  id,
  dossierId: id,
  customerId: id,
  date: isoDate,
  service: line,
  practitionerId: maybe(id),
  notes: notesText,
  pigments: z.array(usedPigment),
  needles: z.array(usedNeedle),
})
export type Prestation = z.infer<typeof prestation>

/** one use of a lot: the traceability search's row */
export const lotUse = z.object({
  lot: lotNumber,
  kind: z.enum(['pigment', 'needle']),
  product: line,
  prestationId: id,
  date: isoDate,
  service: line,
  /** null once the customer was erased: the use stays, the person does not */
  customer: z.nullable(backOfficeCustomer),
})

export const giftSummary = z.object({
  code: line,
  status: line,
  amount: money,
  remaining: money,
  validUntil: z.nullable(isoDate),
})

/** what the studio's customer profile shows beside history and remainingamount */
export const customerProfile = z.object({
  customer: backOfficeCustomer,
  since: instant,
  notes: notesText,
  loyaltyPoints: z.nullable(z.int()),
  gifts: z.array(giftSummary),
})

/** the export: everything held on a customer, one JSON document */
export const customerArchive = z.object({
  format: z.literal('customer-archive/1'),
  exportedAt: instant,
  customer: backOfficeCustomer,
  account: z.record(z.string(), z.unknown()),
  notes: notesText,
  loyalty: z.nullable(z.record(z.string(), z.unknown())),
  gifts: z.array(giftSummary),
  credits: z.array(z.record(z.string(), z.unknown())),
  orders: z.array(bookingOrder),
  eshopOrders: z.array(eshopOrder),
  dossiers: z.array(dossier),
  prestations: z.array(prestation),
})
