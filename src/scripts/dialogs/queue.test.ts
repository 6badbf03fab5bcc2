import { describe, expect, it } from 'vitest'
import { createDialogQueue } from './queue'

function recorded() {
  const shown: string[] = []
  const queue = createDialogQueue<string>((entry) => shown.push(entry))
  return { queue, shown }
}

describe('dialog queue (docs/product/2-screens.md dialogs)', () => {
  it('shows the first request at once and nothing else while it is up', () => {
    const { queue, shown } = recorded()
    expect(queue.request('events', 'events#1')).toBe(true)
    expect(queue.request('coupon', 'coupon#1')).toBe(true)
    expect(shown).toEqual(['events#1'])
    expect(queue.showing).toBe('events')
  })

  it('shows the waiting ones one by one, in the order they asked, as each closes', () => {
    const { queue, shown } = recorded()
    queue.request('coupon', 'coupon#1')
    queue.request('events', 'events#1')
    queue.request('alerts', 'alerts#1')
    expect(queue.closed('coupon')).toBe('events#1')
    expect(shown).toEqual(['coupon#1', 'events#1'])
    expect(queue.closed('events')).toBe('alerts#1')
    expect(queue.closed('alerts')).toBeUndefined()
    expect(shown).toEqual(['coupon#1', 'events#1', 'alerts#1'])
    expect(queue.showing).toBeUndefined()
  })

  it('refuses a kind already shown or waiting, so a dialog never opens twice', () => {
    const { queue, shown } = recorded()
    queue.request('events', 'events#1')
    expect(queue.request('events', 'events#2')).toBe(false)
    queue.request('coupon', 'coupon#1')
    expect(queue.request('coupon', 'coupon#2')).toBe(false)
    queue.closed('events')
    expect(queue.closed('coupon')).toBeUndefined()
    expect(shown).toEqual(['events#1', 'coupon#1'])
  })

  it('shows a kind again once it has closed', () => {
    const { queue, shown } = recorded()
    queue.request('alerts', 'alerts#1')
    queue.closed('alerts')
    queue.request('alerts', 'alerts#2')
    expect(shown).toEqual(['alerts#1', 'alerts#2'])
    expect(queue.showing).toBe('alerts')
  })

  it('drops a waiting kind that is withdrawn without touching the one shown', () => {
    const { queue, shown } = recorded()
    queue.request('events', 'events#1')
    queue.request('coupon', 'coupon#1')
    expect(queue.closed('coupon')).toBeUndefined()
    expect(queue.showing).toBe('events')
    expect(queue.closed('events')).toBeUndefined()
    expect(shown).toEqual(['events#1'])
  })

  it('ignores the close of a kind it never saw', () => {
    const { queue, shown } = recorded()
    queue.request('events', 'events#1')
    expect(queue.closed('alerts')).toBeUndefined()
    expect(queue.showing).toBe('events')
    expect(shown).toEqual(['events#1'])
  })
})
