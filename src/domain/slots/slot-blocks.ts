import { DEFAULT_CUTTING_HOURS } from '#contract/constants'
import { parseClockTime } from './clock-time'

/**
 * Slot blocks of one weekday (docs/product/5-rules.md): the day is cut into blocks of cuttingHours minutes; a block
 * is open on a 'day' status, and on a 'pause' status only when it lies fully inside one of the
 * day's hour ranges (so the lunch break is closed); any other status closes every block.
 * 'day' means open without a break, from the first opening to the last closing: with an explicit
 * window wider than that span, the blocks outside it are closed (a 'day' without hours is open
 * over the whole window).
 * Times are minutes since local midnight in the shop's time zone: converting to instants is the
 * job of `zoned-time`, not of this rule.
 */

export interface OpeningHoursRangeLike {
  start: string
  end: string
}

/** One weekday of Shop.openingHours (docs/product/3-entities.md). */
export interface OpeningDayLike {
  status?: string | null | undefined
  hours?: readonly OpeningHoursRangeLike[] | null | undefined
}

export interface SlotBlock {
  /** Minutes since local midnight, inclusive. */
  start: number
  /** Minutes since local midnight, exclusive. */
  end: number
  open: boolean
}

export interface SlotBlockOptions {
  /** company.booker.appointment.cuttingHours; a missing or non-positive value means 30. */
  cuttingHours?: number | null | undefined
  /** Cut this window instead of the span of the day's hours (minutes since midnight). */
  window?: { start: number; end: number } | undefined
}

interface Range {
  start: number
  end: number
}

function parseRanges(day: OpeningDayLike): Range[] {
  const ranges: Range[] = []
  for (const range of day.hours ?? []) {
    const start = parseClockTime(range.start)
    const end = parseClockTime(range.end)
    if (start !== null && end !== null && end > start) ranges.push({ start, end })
  }
  return ranges
}

/** From the first opening to the last closing; an empty day gives a non-finite span. */
function spanOf(ranges: Range[]): Range {
  return {
    start: Math.min(...ranges.map((r) => r.start)),
    end: Math.max(...ranges.map((r) => r.end)),
  }
}

function blockLength(cuttingHours: number | null | undefined): number {
  return typeof cuttingHours === 'number' && Number.isInteger(cuttingHours) && cuttingHours > 0
    ? cuttingHours
    : DEFAULT_CUTTING_HOURS
}

/**
 * Blocks from the first opening to the last closing of the day (or `options.window`), starting at
 * the window start. A trailing remainder shorter than one block is not a block: nothing can be
 * booked in it. A day without hours and without a window has no blocks.
 */
export function buildSlotBlocks(
  day: OpeningDayLike | null | undefined,
  options: SlotBlockOptions = {},
): SlotBlock[] {
  const ranges = day ? parseRanges(day) : []
  const span = spanOf(ranges)
  const frame = options.window ?? span
  if (!Number.isFinite(frame.start) || !Number.isFinite(frame.end)) return []
  const step = blockLength(options.cuttingHours)
  const status = day?.status
  const daySpan = ranges.length === 0 ? frame : span
  const blocks: SlotBlock[] = []
  for (let start = frame.start; start + step <= frame.end; start += step) {
    const end = start + step
    const open =
      (status === 'day' && daySpan.start <= start && end <= daySpan.end) ||
      (status === 'pause' && ranges.some((r) => r.start <= start && end <= r.end))
    blocks.push({ start, end, open })
  }
  return blocks
}
