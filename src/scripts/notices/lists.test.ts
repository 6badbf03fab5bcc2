import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { contentCalls } from '#contract/calls/content'
import { currentAt, NOTICE_LISTS } from './lists'

describe('the notice lists the pages ask at load', () => {
  it('are the contract calls', () => {
    for (const [call, def] of [
      [NOTICE_LISTS.events, contentCalls.eventsList],
      [NOTICE_LISTS.alerts, contentCalls.alertsList],
    ] as const) {
      expect(call).toEqual({ method: def.method, path: def.path, group: def.group, auth: def.auth })
    }
  })
})

// docs/decisions/058-consent-first-visit.md: the notices wait for the cookie answer, then show
// only what is still current
describe('the lists read again when the cookie dialog is answered', () => {
  const instant = fc.integer({ min: 0, max: 10_000 })
  const item = fc.record({ id: fc.nat(), start: instant, end: instant })

  it('keep exactly the items strictly between start and end at the later time, ending first', () => {
    fc.assert(
      fc.property(fc.array(item), fc.array(item), instant, (events, alerts, now) => {
        const lists = currentAt(
          {
            events: events.map((e) => ({ ...e, start: new Date(e.start), end: new Date(e.end) })),
            alerts: [
              ...alerts.map((a) => ({ ...a, start: new Date(a.start), end: new Date(a.end) })),
              'not an item',
              null,
            ],
          },
          now,
        )
        const ids = (list: unknown[]) => list.map((entry) => (entry as { id: number }).id)
        const expected = (list: typeof events) =>
          list
            .filter((entry) => entry.start < now && now < entry.end)
            .sort((a, b) => a.end - b.end)
            .map((entry) => entry.id)
        expect(ids(lists.events)).toEqual(expected(events))
        expect(ids(lists.alerts)).toEqual(expected(alerts))
      }),
    )
  })
})
