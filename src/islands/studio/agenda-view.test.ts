import { describe, expect, it } from 'vitest'
import { readView, viewRange, writeView } from './agenda-view'

describe('agenda view in the address (docs/decisions/071-studio-app.md)', () => {
  it('reads the day and the view, else today and the day view', () => {
    expect(readView('?day=2026-12-01&view=week', 'Europe/Paris')).toEqual({
      day: '2026-12-01',
      view: 'week',
    })
    const today = readView('?day=2026-02-30&view=month', 'Europe/Paris')
    expect(today.view).toBe('day')
    expect(today.day).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('writes them back, keeping the rest of the address', () => {
    const week = writeView('http://h.localhost/studio/en/?x=1', '2026-12-01', 'week')
    expect(week.search).toBe('?x=1&day=2026-12-01&view=week')
    const day = writeView(week.href, '2026-12-02', 'day')
    expect(day.search).toBe('?x=1&day=2026-12-02')
  })

  it('covers one day, or the Monday-to-Sunday week', () => {
    expect(viewRange('2026-12-01', 'day')).toEqual({ from: '2026-12-01', to: '2026-12-01' })
    expect(viewRange('2026-12-01', 'week')).toEqual({ from: '2026-11-30', to: '2026-12-06' })
  })
})
