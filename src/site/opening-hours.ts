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

/**
 * A plain link to an open map (OpenStreetMap) for a shop: a marker on its coordinates when known,
 * else a search for its address. It loads nothing before it is followed, so it needs no consent
 * (docs/decisions/033-maps-after-consent.md).
 */
export function mapLink(
  coordinates: { lat: number; lng: number } | undefined,
  address: { address: string; zipcode: string; city: string; country: string },
): string {
  if (coordinates) {
    const { lat, lng } = coordinates
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`
  }
  const query = [address.address, address.zipcode, address.city, address.country]
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query.filter(Boolean).join(' '))}`
}
