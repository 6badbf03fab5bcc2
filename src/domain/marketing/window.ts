/**
 * The dated window of an alert, an event or a coupon (docs/decisions/090-studio-marketing.md):
 * which state it is in at an instant, and whether its end follows its start. A missing bound is
 * open (a coupon may run without dates; alerts and events always have both).
 */
export type WindowState = 'scheduled' | 'current' | 'ended'

const time = (instant: string | undefined): number | undefined =>
  instant === undefined || instant === '' ? undefined : Date.parse(instant)

/** 'endBeforeStart' when both bounds are given and the end does not follow the start. */
export function windowProblem(
  start: string | undefined,
  end: string | undefined,
): 'endBeforeStart' | undefined {
  const from = time(start)
  const to = time(end)
  if (from === undefined || to === undefined) return undefined
  return Number.isNaN(from) || Number.isNaN(to) || from >= to ? 'endBeforeStart' : undefined
}

/**
 * Where `now` falls. Current while strictly between its bounds, as the site reads alerts and
 * events (docs/product/4-states.md); the end instant itself is already ended.
 */
export function windowState(
  window: { readonly start?: string | undefined; readonly end?: string | undefined },
  now: number,
): WindowState {
  const from = time(window.start)
  const to = time(window.end)
  if (from !== undefined && now <= from) return 'scheduled'
  if (to !== undefined && now >= to) return 'ended'
  return 'current'
}

const pad = (n: number) => String(n).padStart(2, '0')

/** An instant as the value of a datetime-local field, in the browser's time zone. */
export function localInputOf(instant: string | undefined): string {
  const at = time(instant)
  if (at === undefined || Number.isNaN(at)) return ''
  const d = new Date(at)
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
  return `${date}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** A datetime-local value (the browser's wall clock) as an instant; '' for an empty field. */
export function instantOf(local: string): string {
  if (local.trim() === '') return ''
  const at = new Date(local).getTime()
  return Number.isNaN(at) ? '' : new Date(at).toISOString()
}
