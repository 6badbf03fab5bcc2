import { CABIN_RESOURCE_TYPE, COLLABORATOR_RESOURCE_TYPE } from '#contract/constants'
import type { Weekday } from '#contract/opening-hours'
import { cabinsHolding, performers } from '../booking/service-needs'
import type { Range } from '../slots/ranges'
import type { OpeningDayLike } from '../slots/slot-blocks'
import { weekPlans } from './week-plans'

/**
 * The catalogue's mistakes that leave a service silently unbookable, flagged in the studio
 * (docs/decisions/083-catalogue-checks.md). Each check asks the booking's own rules (who
 * performs a service, which cabin holds it, when a shop and an employee work: service-needs.ts
 * and day-plan.ts), never a copy of them, over a week of the shops' regular hours.
 * A service off online booking (docs/decisions/092-week-prices-and-online-booking.md) is not a
 * mistake and gets no warning of its own: the salon books it at the desk, by these same rules,
 * so each check still says what would stop that.
 */
export type CatalogueWarningCode =
  /** a service without minutes is never offered by availability */
  | 'noDuration'
  /** no shop lists the service: nobody can book it */
  | 'notOffered'
  /** a shop lists it but takes no online booking */
  | 'shopBookingOff'
  /** a shop listing it opens no weekday */
  | 'shopNeverOpen'
  /** no employee of the shop performs it */
  | 'noPerformer'
  /** its performers never work while the shop is open */
  | 'noWorkingHours'
  /** they work, but never long enough in one stretch for its duration */
  | 'tooLong'
  /** it needs a cabin (with its equipment) and the shop has none */
  | 'noCabin'
  /** a shop price for a shop that does not list it (or no longer exists) */
  | 'strayShopPrice'

export interface CatalogueWarning {
  readonly code: CatalogueWarningCode
  readonly serviceId: string
  readonly shopId?: string | undefined
}

export interface CheckedService {
  readonly id: string
  readonly duration?: number | undefined
  readonly booker: {
    readonly cabinRequired: boolean
    readonly equipments: readonly string[]
    readonly pricesByShops: readonly { readonly boutiqueId: string }[]
  }
}

export interface CheckedShop {
  readonly id: string
  readonly articles: readonly { readonly id: string }[]
  readonly booker: { readonly active: boolean; readonly shopUseCabins: boolean }
  readonly openingHours: Partial<Record<Weekday, OpeningDayLike>>
}

export interface CheckedResource {
  readonly id: string
  readonly shopId: string
  readonly type: number
  readonly services: readonly string[]
  readonly equipments: readonly string[]
  readonly workingHours: Partial<Record<Weekday, OpeningDayLike>>
}

/** The company's booking settings the booking reads (server/services/booking/settings.ts). */
export interface CheckSettings {
  readonly cuttingHours: number
  readonly useCabinManagement: boolean
  readonly equipments: boolean
}

const longest = (ranges: readonly Range[]) => Math.max(0, ...ranges.map((r) => r.end - r.start))

/** How long the service's performers can work in one stretch, at best, on a weekday. */
function bestStretch(
  shop: CheckedShop,
  staff: readonly CheckedResource[],
  cuttingHours: number,
): { shopOpen: boolean; longest: number } {
  const plans = weekPlans(shop, staff, cuttingHours).filter((plan) => plan !== undefined)
  const stretches = plans.flatMap((plan) => [...plan.employees.values()].map(longest))
  return { shopOpen: plans.length > 0, longest: Math.max(0, ...stretches) }
}

function atShop(
  service: CheckedService,
  shop: CheckedShop,
  resources: readonly CheckedResource[],
  settings: CheckSettings,
): CatalogueWarningCode[] {
  const codes: CatalogueWarningCode[] = []
  if (!shop.booker.active) codes.push('shopBookingOff')
  const here = resources.filter((r) => r.shopId === shop.id)
  const staff = performers(
    here.filter((r) => r.type === COLLABORATOR_RESOURCE_TYPE),
    service.id,
  )
  if (settings.useCabinManagement && shop.booker.shopUseCabins && service.booker.cabinRequired) {
    const required = settings.equipments ? service.booker.equipments : []
    const cabins = here.filter((r) => r.type === CABIN_RESOURCE_TYPE)
    if (cabinsHolding(cabins, required).length === 0) codes.push('noCabin')
  }
  const stretch = bestStretch(shop, staff, settings.cuttingHours)
  if (!stretch.shopOpen) return [...codes, 'shopNeverOpen']
  if (staff.length === 0) return [...codes, 'noPerformer']
  if (stretch.longest === 0) return [...codes, 'noWorkingHours']
  if (service.duration !== undefined && stretch.longest < service.duration) codes.push('tooLong')
  return codes
}

/** Everything that stops one service from being booked online, shop by shop. */
export function serviceWarnings(
  service: CheckedService,
  shops: readonly CheckedShop[],
  resources: readonly CheckedResource[],
  settings: CheckSettings,
): CatalogueWarning[] {
  const warnings: CatalogueWarning[] = []
  const serviceId = service.id
  if (service.duration === undefined) warnings.push({ code: 'noDuration', serviceId })
  const offering = shops.filter((shop) => shop.articles.some((a) => a.id === serviceId))
  if (offering.length === 0) warnings.push({ code: 'notOffered', serviceId })
  for (const shop of offering) {
    for (const code of atShop(service, shop, resources, settings)) {
      warnings.push({ code, serviceId, shopId: shop.id })
    }
  }
  for (const price of service.booker.pricesByShops) {
    if (!offering.some((shop) => shop.id === price.boutiqueId)) {
      warnings.push({ code: 'strayShopPrice', serviceId, shopId: price.boutiqueId })
    }
  }
  return warnings
}

/** The warnings of every service given (the caller passes services, not products). */
export function catalogueWarnings(
  services: readonly CheckedService[],
  shops: readonly CheckedShop[],
  resources: readonly CheckedResource[],
  settings: CheckSettings,
): CatalogueWarning[] {
  return services.flatMap((service) => serviceWarnings(service, shops, resources, settings))
}
