import { describe, expect, it } from 'vitest'
import { publishEvent } from './publish-event'

describe('publish event', () => {
  const event = {
    host: 'bains-du-lac.localhost',
    kind: 'posts',
    id: 'p1',
    action: 'update',
    languages: ['fr', 'en'],
    at: '2026-11-29T12:00:00.000Z',
  }

  it('reads what the API sends, and an event of before `languages` as every language', () => {
    expect(publishEvent.parse(event)).toEqual(event)
    const { languages: _, ...older } = event
    expect(publishEvent.parse(older).languages).toBe('all')
  })

  it('refuses an unknown kind or action, a host that is not one, no id, unknown languages', () => {
    for (const wrong of [
      { kind: 'everything' },
      { action: 'publish' },
      { host: '../etc' },
      { host: 'a..b' },
      { host: 'UPPER.localhost' },
      { id: '' },
      { languages: [] },
      { languages: ['xx'] },
      { at: 'yesterday' },
    ]) {
      expect(publishEvent.safeParse({ ...event, ...wrong }).success, JSON.stringify(wrong)).toBe(
        false,
      )
    }
  })
})
