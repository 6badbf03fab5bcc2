import { DAY_MINUTES, intersectRanges, mergeRanges, type Range } from './ranges'
import { buildSlotBlocks, type OpeningDayLike } from './slot-blocks'

/**
 * One date of one shop, as bookable time: when the shop is open (docs/product/5-rules.md blocks of cuttingHours:
 * a 'day' status opens every block from first opening to last closing, a 'pause' status only the
 * blocks fully inside one range), where a visit may start (the open blocks' starts), and when
 * each employee can work (their own week cut on the shop's grid, inside the shop's open time).
 * Pure: the caller resolves closed and open days and the clock.
 */
export interface DayPlan {
  readonly date: string
  /** the shop's open time that day (cabins follow it) */
  readonly shopOpen: readonly Range[]
  /** block starts a visit may begin at, ascending */
  readonly starts: readonly number[]
  /** employee id -> working time (never empty: employees off that day are absent) */
  readonly employees: ReadonlyMap<string, readonly Range[]>
}

export interface DayPlanInput {
  readonly date: string
  readonly shopDay: OpeningDayLike | undefined
  readonly employees: readonly { readonly id: string; readonly day: OpeningDayLike | undefined }[]
  readonly cuttingHours: number
  /** minutes since local midnight before which nothing is offered (today: now); 0 otherwise */
  readonly notBefore: number
}

function openRanges(blocks: readonly { start: number; end: number; open: boolean }[]): Range[] {
  return mergeRanges(blocks.filter((b) => b.open))
}

/** undefined when the shop offers nothing that day. */
export function planDay(input: DayPlanInput): DayPlan | undefined {
  const shopBlocks = buildSlotBlocks(input.shopDay, { cuttingHours: input.cuttingHours })
  const first = shopBlocks[0]
  const last = shopBlocks.at(-1)
  if (!first || !last) return undefined
  // Today's hours start at the first block of the grid after now, not at now itself: the
  // islands step through a working range from its start, and a hold must start on the grid.
  const firstFuture = shopBlocks.find((b) => b.start >= input.notBefore)?.start ?? DAY_MINUTES
  const future: Range[] = [{ start: firstFuture, end: DAY_MINUTES }]
  const shopOpen = intersectRanges(openRanges(shopBlocks), future)
  if (shopOpen.length === 0) return undefined

  // Employees' blocks are cut on the shop's grid (window = the shop's frame), so a block an
  // employee works is exactly a block the shop offers and every visit start is on one grid.
  const window = { start: first.start, end: last.end }
  const employees = new Map<string, readonly Range[]>()
  for (const employee of input.employees) {
    const blocks = buildSlotBlocks(employee.day, { cuttingHours: input.cuttingHours, window })
    const working = intersectRanges(openRanges(blocks), shopOpen)
    if (working.length > 0) employees.set(employee.id, working)
  }
  const starts = shopBlocks.filter((b) => b.open && b.start >= input.notBefore).map((b) => b.start)
  return { date: input.date, shopOpen, starts, employees }
}
