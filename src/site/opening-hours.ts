import type { OpeningHours, Weekday } from '#contract/index'
import { WEEKDAYS } from '#contract/index'

/** One row of the opening hours table (docs/product/3-entities.md: 'day' one range, 'pause' a break between two). */
export interface HoursRow {
  day: Weekday
  status: 'day' | 'pause' | 'closed'
  ranges: readonly { start: string; end: string }[]
}

/** Monday to Sunday; a missing day, an unknown status or a day without hours reads as closed. */
export function openingHoursRows(hours: OpeningHours): HoursRow[] {
  return WEEKDAYS.map((day) => {
    const entry = hours[day]
    const open = entry && (entry.status === 'day' || entry.status === 'pause')
    return open && entry.hours.length > 0
      ? { day, status: entry.status === 'pause' ? 'pause' : 'day', ranges: entry.hours }
      : { day, status: 'closed', ranges: [] }
  })
}

/** A map search link for a shop: its coordinates when known, else its address. */
export function mapLink(
  coordinates: { lat: number; lng: number } | undefined,
  address: { address: string; zipcode: string; city: string; country: string },
): string {
  const query = coordinates
    ? `${coordinates.lat},${coordinates.lng}`
    : [address.address, address.zipcode, address.city, address.country].filter(Boolean).join(' ')
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`
}
