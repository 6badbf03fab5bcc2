import { describe, expect, it } from 'vitest'
import { eventStreamParser } from './event-stream'

describe('eventStreamParser', () => {
  it('gives complete events, whatever the chunks', () => {
    const text =
      'retry: 1000\n\nevent: ready\ndata: {"a":1}\n\n: alive\n\nevent: changed\ndata: x\ndata: y\n\n'
    const whole = eventStreamParser()(text)
    expect(whole).toEqual([
      { event: 'ready', data: '{"a":1}' },
      { event: 'changed', data: 'x\ny' },
    ])
    for (let size = 1; size < 12; size++) {
      const parse = eventStreamParser()
      const got = []
      for (let i = 0; i < text.length; i += size) got.push(...parse(text.slice(i, i + size)))
      expect(got, `chunks of ${size}`).toEqual(whole)
    }
  })

  it('reads CR LF and CR line ends, no space after the colon, and no event name', () => {
    const parse = eventStreamParser()
    // a CR at the end of a chunk may be half of a CR LF: its line waits for the next chunk
    expect(parse('data:one\r\n\r')).toEqual([])
    expect(parse('\nevent: x\rdata: two\r\r\n')).toEqual([
      { event: 'message', data: 'one' },
      { event: 'x', data: 'two' },
    ])
  })

  it('keeps an event until its blank line arrives', () => {
    const parse = eventStreamParser()
    expect(parse('event: ready\ndata: 1\n')).toEqual([])
    expect(parse('\n')).toEqual([{ event: 'ready', data: '1' }])
  })
})
