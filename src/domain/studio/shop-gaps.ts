import { COLLABORATOR_RESOURCE_TYPE } from '#contract/constants'
import type { CheckedResource, CheckedShop } from './catalogue-checks'
import { weekPlans } from './week-plans'

/**
 * What a shop itself lacks before a customer can book there (docs/decisions/094-shop-lifecycle.md).
 * The catalogue's checks look service by service, so a new shop, which lists no service yet,
 * passes them all; these say why it still takes no booking. The hours and the team are read by
 * the booking's own day plan, as the catalogue's checks read them.
 */
export type ShopGap = 'bookingOff' | 'neverOpen' | 'noStaff' | 'noWorkingHours' | 'noServices'

export function shopGaps(
  shop: CheckedShop,
  resources: readonly CheckedResource[],
  cuttingHours: number,
): ShopGap[] {
  const gaps: ShopGap[] = []
  if (!shop.booker.active) gaps.push('bookingOff')
  const staff = resources.filter(
    (r) => r.shopId === shop.id && r.type === COLLABORATOR_RESOURCE_TYPE,
  )
  const plans = weekPlans(shop, staff, cuttingHours)
  const open = plans.some((plan) => plan !== undefined)
  const working = plans.some((plan) => (plan?.employees.size ?? 0) > 0)
  if (!open) gaps.push('neverOpen')
  if (staff.length === 0) gaps.push('noStaff')
  else if (open && !working) gaps.push('noWorkingHours')
  if (shop.articles.length === 0) gaps.push('noServices')
  return gaps
}
