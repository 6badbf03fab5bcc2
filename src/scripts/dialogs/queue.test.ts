import fc from 'fast-check'
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

// docs/decisions/058-consent-first-visit.md: the cookie dialog is first in line
describe('a queue held until the cookie dialog is answered', () => {
  const kinds = fc.constantFrom('events', 'alerts', 'coupon')

  it('shows nothing while held, whatever asks, then the first that asked, one at a time', () => {
    fc.assert(
      fc.property(fc.array(kinds, { maxLength: 12 }), (asked) => {
        const shown: string[] = []
        const queue = createDialogQueue<string>((entry) => shown.push(entry), { held: true })
        asked.forEach((kind, at) => {
          queue.request(kind, `${kind}#${at}`)
        })
        expect(shown).toEqual([])
        expect(queue.showing).toBeUndefined()
        expect(queue.held).toBe(true)
        // each kind once, in the order it first asked
        const expected = [...new Set(asked)].map((kind) => `${kind}#${asked.indexOf(kind)}`)
        const first = queue.release()
        expect(first).toBe(expected[0])
        expect(queue.held).toBe(false)
        for (let at = 1; at <= expected.length; at++) {
          // one on screen at a time: the next only once the previous closed
          expect(shown).toEqual(expected.slice(0, at))
          const showing = queue.showing
          if (showing === undefined) break
          queue.closed(showing)
        }
        expect(shown).toEqual(expected)
        expect(queue.showing).toBeUndefined()
      }),
    )
  })

  it('a kind dropped while held is not shown on release', () => {
    const shown: string[] = []
    const queue = createDialogQueue<string>((entry) => shown.push(entry), { held: true })
    queue.request('events', 'events#1')
    queue.request('coupon', 'coupon#1')
    expect(queue.closed('events')).toBeUndefined()
    expect(queue.release()).toBe('coupon#1')
    expect(shown).toEqual(['coupon#1'])
  })

  it('release is once: a second call shows nothing more, and an unheld queue ignores it', () => {
    const shown: string[] = []
    const queue = createDialogQueue<string>((entry) => shown.push(entry), { held: true })
    queue.request('alerts', 'alerts#1')
    queue.request('events', 'events#1')
    expect(queue.release()).toBe('alerts#1')
    expect(queue.release()).toBeUndefined()
    expect(shown).toEqual(['alerts#1'])
    const open = createDialogQueue<string>((entry) => shown.push(entry))
    expect(open.held).toBe(false)
    expect(open.release()).toBeUndefined()
  })
})
