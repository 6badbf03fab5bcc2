import { describe, expect, it } from 'vitest'
import { type AgendaFeedEvent, agendaFeedEvent } from '#contract/agenda-feed.ts'
import { eventStreamParser } from '#domain/studio/event-stream.ts'
import { createAgendaFeed } from './agenda-feed.ts'
import type { Bus } from './bus.ts'

/** A bus the test speaks on: what the database's notices would deliver. */
function fakeBus() {
  const handlers = new Map<string, ((message: unknown) => void)[]>()
  const resets: (() => void)[] = []
  const bus: Bus = {
    publish: () => undefined,
    subscribe: (topic, handler) => handlers.set(topic, [...(handlers.get(topic) ?? []), handler]),
    onReset: (handler) => resets.push(handler),
    settled: () => Promise.resolve(),
    close: () => Promise.resolve(),
  }
  return {
    bus,
    say: (topic: string, message: unknown) => {
      for (const handler of handlers.get(topic) ?? []) handler(message)
    },
    reset: () => {
      for (const reset of resets) reset()
    },
  }
}

/** Reads a feed stream's events as they come; `ended` once the server closed it. */
function reader(stream: ReadableStream<Uint8Array>) {
  const events: AgendaFeedEvent[] = []
  const parse = eventStreamParser()
  const decoder = new TextDecoder()
  let ended = false
  const done = (async () => {
    for await (const chunk of stream) {
      for (const frame of parse(decoder.decode(chunk, { stream: true }))) {
        events.push(agendaFeedEvent.parse(JSON.parse(frame.data)))
      }
    }
    ended = true
  })()
  return { events, done, ended: () => ended }
}

const settle = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the agenda feed of one instance', () => {
  it('sends each stream its shop’s changes, batched, and nothing of other shops or companies', async () => {
    const { bus, say } = fakeBus()
    const feed = createAgendaFeed(bus, { batchMs: 10 })
    const mine = reader(feed.open({ companyId: 1, shopId: 's1', accountId: 'a' }))
    const otherShop = reader(feed.open({ companyId: 1, shopId: 's2', accountId: 'a' }))
    say('agenda', { companyId: 1, shopId: 's1', order: 'o2', day: '2030-01-16' })
    say('agenda', { companyId: 1, shopId: 's1', order: 'o1', day: '2030-01-15' })
    say('agenda', { companyId: 1, shopId: 's1', order: 'o1' })
    say('agenda', { companyId: 2, shopId: 's1', order: 'x', day: '2030-01-15' })
    say('agenda', { companyId: '1', shopId: 's1', order: 'bad' })
    await settle()
    expect(mine.events).toEqual([
      { type: 'ready', shopId: 's1' },
      { type: 'changed', shopId: 's1', days: ['2030-01-15', '2030-01-16'], orders: ['o1', 'o2'] },
    ])
    expect(otherShop.events).toEqual([{ type: 'ready', shopId: 's2' }])
    feed.close()
    await Promise.all([mine.done, otherShop.done])
    expect(feed.size()).toBe(0)
  })

  it('tells every stream to read again after a reset, ends a signed-out account’s streams', async () => {
    const { bus, say, reset } = fakeBus()
    const feed = createAgendaFeed(bus)
    const leaving = reader(feed.open({ companyId: 1, shopId: 's1', accountId: 'gone' }))
    const staying = reader(feed.open({ companyId: 1, shopId: 's1', accountId: 'kept' }))
    const elsewhere = reader(feed.open({ companyId: 2, shopId: 's1', accountId: 'gone' }))
    reset()
    say('sessions', { companyId: 1, accountId: 'gone' })
    await leaving.done
    await settle()
    expect(leaving.events.map((e) => e.type)).toEqual(['ready', 'reset'])
    expect([staying.ended(), elsewhere.ended()]).toEqual([false, false])
    // a company's every session (past 100 accounts the notice names only the company)
    say('sessions', { companyId: 2 })
    await elsewhere.done
    expect(feed.size()).toBe(1)
    feed.close()
    await staying.done
  })

  it('ends a stream after its lifetime, and beats while quiet', async () => {
    const { bus } = fakeBus()
    const feed = createAgendaFeed(bus, { heartbeatMs: 5, maxMs: 40 })
    const stream = feed.open({ companyId: 1, shopId: 's1', accountId: 'a' })
    const text: string[] = []
    const decoder = new TextDecoder()
    for await (const chunk of stream) text.push(decoder.decode(chunk))
    expect(text.join('')).toContain(': alive\n\n')
    expect(feed.size()).toBe(0)
  })
})
