/**
 * The gift limit of voucher bookings (docs/decisions/063-last-partial-rows-of-the-api.md): a
 * company may cap the visits paid with a gift voucher that a shop takes on one day
 * (booker.appointment.giftLimit). A visit is one cart: the services of one visit count once.
 * The period query's checkGiftLimit leaves out the days with no room left; a voucher booking of
 * such a day is refused. These are the rules; the counting is the server's.
 */

/** Whether one more voucher visit fits beside `visits` (none: no limit). */
export function hasVoucherRoom(visits: number, limit: number | null): boolean {
  return limit === null || visits < limit
}

/** The dates whose voucher visits have reached the limit, among those counted. */
export function datesWithoutVoucherRoom(
  visits: ReadonlyMap<string, number>,
  limit: number | null,
): Set<string> {
  const full = new Set<string>()
  for (const [date, n] of visits) if (!hasVoucherRoom(n, limit)) full.add(date)
  return full
}
