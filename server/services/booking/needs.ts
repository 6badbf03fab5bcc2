import { cabinsHolding, performers } from '#domain/booking/service-needs.ts'
import type { BookingCatalogue, BookingService } from './catalogue.ts'
import type { CompanyBooking } from './settings.ts'
import type { ServiceNeed } from './visit.ts'

/**
 * Which rules apply at this shop. They come from the company and shop settings, never from the
 * request: the query's mode and equipment flags only shape the period response, so a client
 * cannot opt out of a cabin and double-book it.
 */
export interface BookingRules {
  /** company useCabinManagement and shop shopUseCabins: services with cabinRequired take a cabin */
  readonly cabins: boolean
  /** company equipments.type 'active': the cabin must hold the service's equipments */
  readonly equipments: boolean
}

export function rulesOf(settings: CompanyBooking, catalogue: BookingCatalogue): BookingRules {
  return {
    cabins: settings.useCabinManagement && catalogue.shop.useCabins,
    equipments: settings.equipments,
  }
}

/** Employees performing the service: those listing it, or listing nothing (they do everything). */
export function qualifiedEmployees(catalogue: BookingCatalogue, serviceId: string): string[] {
  return performers(catalogue.employees, serviceId).map((e) => e.id)
}

/** What one service of a visit needs; `extraEquipments` are the customer's own picks. */
export function serviceNeed(
  service: BookingService,
  catalogue: BookingCatalogue,
  rules: BookingRules,
  extraEquipments: readonly string[] = [],
): ServiceNeed {
  const needsCabin = rules.cabins && service.cabinRequired
  const required = rules.equipments ? [...service.equipments, ...extraEquipments] : []
  return {
    serviceId: service.id,
    duration: service.duration,
    employees: qualifiedEmployees(catalogue, service.id),
    cabins: needsCabin
      ? cabinsHolding(catalogue.cabins, required).map((cabin) => cabin.id)
      : undefined,
  }
}
