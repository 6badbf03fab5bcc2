import type { DayPlan } from '#domain/slots/day-plan.ts'
import type { Range } from '#domain/slots/ranges.ts'
import type { ResourceDay, ServiceNeed } from '../visit.ts'

/**
 * The ResourceDay of every employee and cabin a visit may use on a planned date: employees work
 * their planned time, cabins follow the shop's open time; both lose what live claims occupy.
 */
export function resourceDays(
  plan: DayPlan,
  busy: ReadonlyMap<string, readonly Range[]> | undefined,
  needs: readonly ServiceNeed[],
): Map<string, ResourceDay> {
  const days = new Map<string, ResourceDay>()
  for (const need of needs) {
    for (const id of need.employees) {
      const working = plan.employees.get(id)
      if (working) days.set(id, { working, busy: busy?.get(id) ?? [] })
    }
    for (const id of need.cabins ?? []) {
      days.set(id, { working: plan.shopOpen, busy: busy?.get(id) ?? [] })
    }
  }
  return days
}
