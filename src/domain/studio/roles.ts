import type { Provider } from '#contract/customer'

/**
 * Who sees what in the studio (docs/decisions/072-studio-roles.md). The studio only narrows its
 * screens with these rules; the server is the one that refuses (the same decision lists what it
 * checks today and what it does not yet).
 */
export type StudioRole = NonNullable<Provider['studioRole']>

/** What of a company user the rules read: `me` of cmpusers gives it. */
export interface StaffFacts {
  readonly studioRole?: StudioRole | undefined
  readonly artebeauteIds: readonly string[]
  readonly resourceIds?: readonly string[] | undefined
}

/** A shop as the rules need it: its id and its back-office id (what artebeauteIds name). */
export interface ShopRef {
  readonly id: string
  readonly artebeauteId?: string | undefined
}

export interface StudioScope {
  readonly role: StudioRole
  /** the shops whose agenda the user may open, in the order given */
  readonly shopIds: readonly string[]
  /** the resources whose appointments the user sees; undefined: every one of those shops */
  readonly resourceIds?: readonly string[] | undefined
  /** refunds, reports and company settings: the owner's */
  readonly ownerTools: boolean
  /**
   * the search of every customer of the company: not a practitioner's, who sees only their own
   * customers, which no call can narrow to yet (docs/decisions/072-studio-roles.md)
   */
  readonly customerSearch: boolean
}

/**
 * The role, stated or inferred: an account whose profile names none (every account before the
 * studio) is a manager of the shops it is linked to, or the owner when linked to none, as the
 * first account of a company is (cmpusers register links none).
 */
export function roleOf(staff: StaffFacts): StudioRole {
  if (staff.studioRole) return staff.studioRole
  return staff.artebeauteIds.length > 0 ? 'manager' : 'owner'
}

const linkedTo = (staff: StaffFacts, shop: ShopRef) =>
  shop.artebeauteId !== undefined && staff.artebeauteIds.includes(shop.artebeauteId)

export function studioScope(staff: StaffFacts, shops: readonly ShopRef[]): StudioScope {
  const role = roleOf(staff)
  if (role === 'owner') {
    return { role, shopIds: shops.map((s) => s.id), ownerTools: true, customerSearch: true }
  }
  const shopIds = shops.filter((shop) => linkedTo(staff, shop)).map((shop) => shop.id)
  if (role === 'manager') return { role, shopIds, ownerTools: false, customerSearch: true }
  // a practitioner with no resource named sees nobody's agenda rather than everybody's
  const resourceIds = staff.resourceIds ?? []
  return { role, shopIds, resourceIds, ownerTools: false, customerSearch: false }
}
