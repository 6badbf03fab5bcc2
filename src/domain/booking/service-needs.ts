/**
 * Who can perform a service at a shop: the one rule the booking (server/services/booking/needs.ts)
 * and the studio's catalogue checks (src/domain/studio/catalogue-checks.ts) both read, so a
 * service the studio calls bookable is one the booking accepts (docs/decisions/083-catalogue-checks.md).
 */
export interface EmployeeSkillsLike {
  readonly id: string
  /** the services the employee performs; empty: every one */
  readonly services: readonly string[]
}

export interface CabinLike {
  readonly id: string
  readonly equipments: readonly string[]
}

/** Employees performing the service: those listing it, or listing nothing (they do everything). */
export function performers<E extends EmployeeSkillsLike>(
  employees: readonly E[],
  serviceId: string,
): E[] {
  return employees.filter((e) => e.services.length === 0 || e.services.includes(serviceId))
}

/** Cabins holding every required equipment (none required: every cabin). */
export function cabinsHolding<C extends CabinLike>(
  cabins: readonly C[],
  required: readonly string[],
): C[] {
  return cabins.filter((cabin) => required.every((e) => cabin.equipments.includes(e)))
}
