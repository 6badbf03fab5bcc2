import { describe, expect, it } from 'vitest'
import { thirdPartyAllowed } from './purposes'
import { loadRecorderOf, loadSessionRecording } from './session-recording'

/** docs/decisions/064-error-page-preview-and-shop-times.md: the recorder loads after analytics consent. */

interface FakeScript {
  async: boolean
  src: string
  dataset: Record<string, string>
}

/** The little of a Document the loader touches: the head's scripts and the window. */
function fakeDocument() {
  const scripts: FakeScript[] = []
  const win: Partial<Window> = {}
  const doc = {
    defaultView: win,
    head: { append: (script: FakeScript) => scripts.push(script) },
    createElement: (): FakeScript => ({ async: false, src: '', dataset: {} }),
    querySelector: (selector: string) =>
      scripts.find((s) => selector.includes(`"${s.dataset.thirdPartyScript}"`)) ?? null,
  }
  return { doc: doc as unknown as Document, scripts, win }
}

describe('the session-recording loader', () => {
  it('waits for consent to analytics; marketing or content alone do not give it', () => {
    expect(thirdPartyAllowed('', 'sessionRecording')).toBe(false)
    expect(
      thirdPartyAllowed('preference-set=connection.marketing.content', 'sessionRecording'),
    ).toBe(false)
    expect(thirdPartyAllowed('preference-set=connection.analytics', 'sessionRecording')).toBe(true)
  })

  it('Hotjar: its script once, from its own address, with its settings and command queue', () => {
    const { doc, scripts, win } = fakeDocument()
    loadSessionRecording({ provider: 'hotjar', id: '1234567' }, doc)
    loadSessionRecording({ provider: 'hotjar', id: '1234567' }, doc)
    expect(scripts.map((s) => s.src)).toEqual([
      'https://static.hotjar.com/c/hotjar-1234567.js?sv=6',
    ])
    expect(scripts[0]?.async).toBe(true)
    expect(win._hjSettings).toEqual({ hjid: 1234567, hjsv: 6 })
    win.hj?.('event', 'x')
    expect(win.hj?.q).toEqual([['event', 'x']])
  })

  it('an id its provider never issues loads nothing', () => {
    // loadRecorderOf checks the page's data again; with no document at all it must not touch one
    expect(() => loadRecorderOf({ provider: 'hotjar', id: 'x"/><script>' })).not.toThrow()
    expect(() => loadRecorderOf({ provider: 'other', id: '1' })).not.toThrow()
  })

  it('Clarity: its tag for the project id, with its command queue', () => {
    const { doc, scripts, win } = fakeDocument()
    loadSessionRecording({ provider: 'clarity', id: 'abc123xyz' }, doc)
    expect(scripts.map((s) => s.src)).toEqual(['https://www.clarity.ms/tag/abc123xyz'])
    win.clarity?.('set', 'k', 'v')
    expect(win.clarity?.q).toEqual([['set', 'k', 'v']])
  })
})
