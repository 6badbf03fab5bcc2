import { describe, expect, it } from 'vitest'
import type { AgendaFeedEvent } from '#contract/agenda-feed'
import { type FeedStatus, retryDelay, runFeed, staleQueries } from './agenda-feed-state'

const stream = (text: string, keepOpen = false) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text))
        if (!keepOpen) controller.close()
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  )
const frame = (event: AgendaFeedEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`

describe('retryDelay', () => {
  it('doubles from 1 s up to 15 s, less up to a fifth', () => {
    expect([0, 1, 2, 3, 4, 9].map((n) => retryDelay(n, () => 0))).toEqual([
      1_000, 2_000, 4_000, 8_000, 15_000, 15_000,
    ])
    expect(retryDelay(0, () => 1)).toBe(800)
  })
})

describe('staleQueries', () => {
  const key = (shop: string, from: string, to: string) => ['studio', 'orders', shop, from, to]
  it('marks the ranges of the shop holding a changed day, every range on ready or reset', () => {
    const changed = staleQueries({
      type: 'changed',
      shopId: '1',
      days: ['2030-01-15'],
      orders: ['o'],
    })
    expect(changed(key('1', '2030-01-15', '2030-01-15'))).toBe(true)
    expect(changed(key('1', '2030-01-13', '2030-01-19'))).toBe(true)
    expect(changed(key('1', '2030-01-16', '2030-01-16'))).toBe(false)
    expect(changed(key('2', '2030-01-15', '2030-01-15'))).toBe(false)
    expect(changed(['studio', 'customers'])).toBe(false)
    const orderOnly = staleQueries({ type: 'changed', shopId: '1', days: [], orders: ['o'] })
    expect(orderOnly(key('1', '2030-02-01', '2030-02-01'))).toBe(true)
    expect(staleQueries({ type: 'ready', shopId: '1' })(key('1', 'a', 'b'))).toBe(true)
    expect(staleQueries({ type: 'reset', shopId: '1' })(key('2', 'a', 'b'))).toBe(false)
  })
  it('marks the consent states of a changed day, and of every day for an event naming none (a signature)', () => {
    const day = (d: string) => ['studio', 'consents', 'day', d]
    const changed = staleQueries({
      type: 'changed',
      shopId: '1',
      days: ['2030-01-15'],
      orders: ['o'],
    })
    expect(changed(day('2030-01-15'))).toBe(true)
    expect(changed(day('2030-01-16'))).toBe(false)
    const signed = staleQueries({ type: 'changed', shopId: '1', days: [], orders: ['o'] })
    expect(signed(day('2030-01-16'))).toBe(true)
    expect(signed(['studio', 'consents', 'templates'])).toBe(false)
    expect(staleQueries({ type: 'ready', shopId: '1' })(day('2030-01-16'))).toBe(true)
  })
})

describe('runFeed', () => {
  it('reopens a dropped stream, and stops at a sign-out', async () => {
    const answers = [
      () =>
        stream(
          frame({ type: 'ready', shopId: '1' }) +
            frame({ type: 'changed', shopId: '1', days: [], orders: ['a'] }),
        ),
      () => {
        throw new TypeError('network')
      },
      () => stream(`${frame({ type: 'ready', shopId: '1' })}data: not json\n\n`),
      () => new Response(null, { status: 401 }),
    ]
    const events: AgendaFeedEvent[] = []
    const statuses: FeedStatus[] = []
    const waits: number[] = []
    let signedOut = false
    await runFeed('1', new AbortController().signal, {
      open: async () => {
        const next = answers.shift()
        if (!next) throw new Error('opened too often')
        return next()
      },
      onEvent: (event) => events.push(event),
      onStatus: (status) => statuses.push(status),
      onSignedOut: () => {
        signedOut = true
      },
      wait: async (ms) => {
        waits.push(ms)
      },
    })
    expect(events.map((e) => e.type)).toEqual(['ready', 'changed', 'ready'])
    expect(statuses).toEqual(['connecting', 'live', 'retrying', 'retrying', 'live', 'retrying'])
    // about a second after a live stream, two after a failure (less up to a fifth)
    expect(waits.length).toBe(3)
    expect(waits[0]).toBeLessThanOrEqual(1_000)
    expect(waits[1]).toBeGreaterThanOrEqual(1_600)
    expect(waits[2]).toBeLessThanOrEqual(1_000)
    expect(signedOut).toBe(true)
    expect(answers).toEqual([])
  })

  it('gives up a silent stream and opens another', async () => {
    let opened = 0
    const abort = new AbortController()
    await runFeed('1', abort.signal, {
      open: async () => {
        opened += 1
        if (opened === 2) abort.abort()
        return stream(frame({ type: 'ready', shopId: '1' }), true)
      },
      onEvent: () => undefined,
      onStatus: () => undefined,
      onSignedOut: () => undefined,
      wait: async () => undefined,
      silenceMs: 20,
    })
    expect(opened).toBe(2)
  })
})
