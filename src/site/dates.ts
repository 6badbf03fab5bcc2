/** Long dates ('21 novembre 2026') per locale; Intl formatters are costly, so one per locale. */
const formatters = new Map<string, Intl.DateTimeFormat>()

export function longDate(iso: string, instant: string, timeZone = 'Europe/Paris'): string {
  const key = `${iso}|${timeZone}`
  let format = formatters.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(iso, { dateStyle: 'long', timeZone })
    formatters.set(key, format)
  }
  return format.format(new Date(instant))
}
