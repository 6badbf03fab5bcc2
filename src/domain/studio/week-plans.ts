import type { Weekday } from '#contract/opening-hours'
import { WEEKDAYS } from '#contract/opening-hours'
import { type DayPlan, planDay } from '../slots/day-plan'
import type { OpeningDayLike } from '../slots/slot-blocks'

interface PlannedShop {
  readonly openingHours: Partial<Record<Weekday, OpeningDayLike>>
}

interface PlannedEmployee {
  readonly id: string
  readonly workingHours: Partial<Record<Weekday, OpeningDayLike>>
}

/**
 * A typical week of a shop as the booking plans its days (src/domain/slots/day-plan.ts): each
 * weekday's plan with these employees, or undefined when the shop is closed that day. The
 * weekday is a label only: the plan reads the given day's hours, no calendar. The studio's checks
 * (catalogue-checks.ts, shop-gaps.ts) read the week through it.
 */
export function weekPlans(
  shop: PlannedShop,
  staff: readonly PlannedEmployee[],
  cuttingHours: number,
): (DayPlan | undefined)[] {
  return WEEKDAYS.map((weekday) =>
    planDay({
      date: weekday,
      shopDay: shop.openingHours[weekday],
      employees: staff.map((e) => ({ id: e.id, day: e.workingHours[weekday] })),
      cuttingHours,
      notBefore: 0,
    }),
  )
}
