/**
 * Wall-clock times of opening hours ('HH:MM', docs/product/3-entities.md Shop.openingHours) as minutes since local
 * midnight, so slot arithmetic is integer arithmetic and never touches time zones.
 */

const CLOCK = /^(\d{1,2}):(\d{2})$/

/**
 * 'HH:MM' -> minutes since midnight; '24:00' is accepted as the end of the day.
 * Returns null for anything else: a malformed range is skipped, not guessed.
 */
export function parseClockTime(text: string | null | undefined): number | null {
  const match = CLOCK.exec(text?.trim() ?? '')
  if (!match) return null
  const hours = Number(match[1])
  const minutes = Number(match[2])
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null
  return hours * 60 + minutes
}

/** Minutes since midnight -> 'HH:MM' (1440 gives '24:00', the end of the day). */
export function formatClockTime(minutes: number): string {
  const whole = Math.max(0, Math.min(24 * 60, Math.round(minutes)))
  const hh = String(Math.floor(whole / 60)).padStart(2, '0')
  const mm = String(whole % 60).padStart(2, '0')
  return `${hh}:${mm}`
}
