import { clockLabel } from './clock-label'
import { utcToZonedWallTime, type WallTime } from './zoned-time'

/**
 * An instant of a shop (an offer held until, a payment deadline) written as the shop's wall
 * clock, never the browser's: a visitor abroad reads the time the shop keeps. Where the
 * visitor's clock reads otherwise at that instant, the shop's zone is named after the time, as
 * Intl writes it in the page's language ('14:30 UTC+1', '2:30 PM CET'), so the time cannot be
 * taken for the visitor's own (docs/decisions/064-error-page-preview-and-shop-times.md).
 */

const zoneNames = new Map<string, Intl.DateTimeFormat>()

function zoneName(instant: number, timeZone: string, iso: string): string {
  const key = `${iso}|${timeZone}`
  let format = zoneNames.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(iso, { timeZone, timeZoneName: 'short' })
    zoneNames.set(key, format)
  }
  return (
    format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  )
}

const sameWall = (a: WallTime, b: WallTime) =>
  a.year === b.year &&
  a.month === b.month &&
  a.day === b.day &&
  a.hour === b.hour &&
  a.minute === b.minute

/**
 * `instant` at the shop, in the locale `iso` ('fr-FR'); `visitorZone` is the browser's
 * (`Intl.DateTimeFormat().resolvedOptions().timeZone`). Zones whose clocks agree at that instant
 * (Paris and Berlin) need no name.
 */
export function shopTimeLabel(
  instant: Date | number | string,
  shopZone: string,
  iso: string,
  visitorZone: string,
): string {
  const at = new Date(instant).getTime()
  const shop = utcToZonedWallTime(at, shopZone)
  const time = clockLabel(shop.hour * 60 + shop.minute, iso)
  if (sameWall(shop, utcToZonedWallTime(at, visitorZone))) return time
  return `${time} ${zoneName(at, shopZone, iso)}`
}
