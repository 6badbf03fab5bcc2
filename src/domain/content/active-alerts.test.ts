import { describe, expect, it } from 'vitest'
import { activeAlerts, alertsForLoadedServices } from './active-alerts'

const categories = [
  { id: 1, articles: [{ id: 10 }, { id: 11 }] },
  { id: 2, articles: [{ id: 20 }] },
  { id: 3, articles: null },
]
const alert = (id: number, serviceId: number | string | null, end = '2026-07-01T00:00:00Z') => ({
  id,
  serviceId,
  start: '2026-06-01T00:00:00Z',
  end,
})
const ids = (found: { id: number }[]) => found.map((a) => a.id)

describe('alerts matched to loaded services (docs/product/4-states.md)', () => {
  it('keeps alerts whose serviceId is an article of a loaded category', () => {
    const alerts = [alert(1, 10), alert(2, 99), alert(3, 20), alert(4, null)]
    expect(ids(alertsForLoadedServices(alerts, categories))).toEqual([1, 3])
  })

  it('ids match whether sent as numbers or strings', () => {
    expect(ids(alertsForLoadedServices([alert(1, '11')], categories))).toEqual([1])
  })

  it('no loaded categories means no alerts', () => {
    expect(alertsForLoadedServices([alert(1, 10)], [])).toEqual([])
  })

  it('the alerts shown are current and matched, by end ascending', () => {
    const alerts = [
      alert(1, 10, '2026-08-01T00:00:00Z'),
      alert(2, 20, '2026-07-01T00:00:00Z'),
      alert(3, 10, '2026-06-10T00:00:00Z'),
      alert(4, 99, '2026-07-01T00:00:00Z'),
    ]
    expect(ids(activeAlerts(alerts, categories, '2026-06-15T00:00:00Z'))).toEqual([2, 1])
  })
})
