import type { CallDef } from '../call'
import { accessCalls } from './access'
import { appointmentsCalls } from './appointments'
import { bookingAdminCalls } from './booking-admin'
import { calendarCalls } from './calendar'
import { calendarDaysCalls } from './calendar-days'
import { catalogueCalls } from './catalogue'
import { cmpusersCalls } from './cmpusers'
import { collectionsCalls } from './collections'
import { companiesCalls } from './companies'
import { companySecretsCalls } from './company-secrets'
import { consentsCalls } from './consents'
import { contentCalls } from './content'
import { dossiersCalls, needlesCalls, pigmentsCalls, prestationsCalls } from './customer-files'
import { customersCalls } from './customers'
import { deskCalls } from './desk'
import { eshopCalls } from './eshop'
import { giftsCalls } from './gifts'
import { linksProfilesCalls } from './links-profiles'
import { loyaltyCalls } from './loyalty'
import { manageCalls } from './manage'
import { mediaCalls } from './media'
import { paymentCalls } from './payment'
import { platformCalls } from './platform'
import { statsCalls } from './stats'
import { usersCalls } from './users'
import { waitlistCalls } from './waitlist'

/**
 * Every call of docs/product/7-calls.md the storefront, the build or a provider screen makes, as
 * calls.<group>.<name>. Service group of each (docs/product/8-errors.md), which picks the base address and the
 * error normalisation:
 * - 'first': every /api/* call below unless listed otherwise;
 * - 'marketplace': /api/access*, /api/consentements*, /api/pigments*, /api/needles*,
 *   /api/dossiers*, /api/prestations*, /api/collections*;
 * - 'booking': /api/appointments*;
 * - 'bookingAdmin': /bookingOrder*, /customers/remainingAmount, /giftOrders*, /bookingShops*,
 *   /giftShops* (no company header, no /api prefix);
 * - 'stats': reserved, no path of docs/product/7-calls.md maps to it.
 */
export const calls = {
  companies: companiesCalls,
  payment: paymentCalls,
  users: usersCalls,
  loyalty: loyaltyCalls,
  content: contentCalls,
  cmpusers: cmpusersCalls,
  access: accessCalls,
  gifts: giftsCalls,
  linksProfiles: linksProfilesCalls,
  appointments: appointmentsCalls,
  manage: manageCalls,
  ...catalogueCalls,
  customers: customersCalls,
  calendar: calendarCalls,
  eshop: eshopCalls,
  bookingAdmin: bookingAdminCalls,
  desk: deskCalls,
  stats: statsCalls,
  waitlist: waitlistCalls,
  consents: consentsCalls,
  platform: platformCalls,
  pigments: pigmentsCalls,
  needles: needlesCalls,
  dossiers: dossiersCalls,
  prestations: prestationsCalls,
  media: mediaCalls,
  collections: collectionsCalls,
  calendarDays: calendarDaysCalls,
  companySecrets: companySecretsCalls,
} satisfies Record<string, Record<string, CallDef>>

export interface CallEntry {
  readonly group: string
  readonly name: string
  readonly def: CallDef
}

/**
 * Orders paths so a static segment comes before a `:param` at the same place. Hono runs
 * handlers in registration order, so /api/shops/artebeaute must be registered before
 * /api/shops/:id or the latter would swallow it.
 */
export function compareRoutes(a: string, b: string): number {
  const sa = a.split('/')
  const sb = b.split('/')
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const x = sa[i] ?? ''
    const y = sb[i] ?? ''
    if (x === y) continue
    const px = x.startsWith(':')
    const py = y.startsWith(':')
    if (px !== py) return px ? 1 : -1
    return x < y ? -1 : 1
  }
  return sa.length - sb.length
}

/** Every call once, static paths first: the order the server registers routes in. */
export function listCalls(): CallEntry[] {
  const entries: CallEntry[] = Object.entries(calls).flatMap(([group, defs]) =>
    Object.entries(defs).map(([name, def]): CallEntry => ({ group, name, def })),
  )
  return entries.sort((a, b) => compareRoutes(a.def.path, b.def.path))
}
