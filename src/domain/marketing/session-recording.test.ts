import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RECORDER_SCRIPTS, sessionRecorder } from './session-recording'

/** docs/decisions/064-error-page-preview-and-shop-times.md: the session-recording setting. */
describe('sessionRecorder', () => {
  it('reads each provider’s id as it issues them', () => {
    expect(sessionRecorder({ provider: 'hotjar', id: ' 1234567 ' })).toEqual({
      provider: 'hotjar',
      id: '1234567',
    })
    expect(sessionRecorder({ provider: 'clarity', id: 'abc123xyz' })).toEqual({
      provider: 'clarity',
      id: 'abc123xyz',
    })
  })

  it('nothing configured, an unknown provider or an id that is not one: no recorder', () => {
    expect(sessionRecorder(undefined)).toBeUndefined()
    expect(sessionRecorder(null)).toBeUndefined()
    expect(sessionRecorder({ provider: 'fullstory', id: '123' })).toBeUndefined()
    expect(sessionRecorder({ provider: 'hotjar', id: '12a' })).toBeUndefined()
    expect(sessionRecorder({ provider: 'clarity', id: 'x"/><script>' })).toBeUndefined()
    expect(sessionRecorder({ provider: 'hotjar', id: 42 })).toBeUndefined()
  })

  it('an accepted id never changes the script’s host nor leaves its path', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('hotjar', 'clarity'),
        fc.string({ maxLength: 30 }),
        (provider, id) => {
          const recorder = sessionRecorder({ provider, id })
          if (!recorder) return
          const url = new URL(RECORDER_SCRIPTS[recorder.provider](recorder.id))
          expect(url.protocol).toBe('https:')
          expect(['static.hotjar.com', 'www.clarity.ms']).toContain(url.hostname)
          expect(
            url.pathname.endsWith(recorder.id) || url.pathname.includes(`-${recorder.id}.`),
          ).toBe(true)
        },
      ),
    )
  })
})
