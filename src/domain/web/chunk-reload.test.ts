import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TIMING_MS } from '#contract/constants'
import { chunkReloadDue } from './chunk-reload'

const MINUTE = 60_000
const NOW = 1_800_000_000_000

describe('reload after a failed chunk load (docs/product/8-errors.md)', () => {
  it('is once a minute', () => {
    expect(TIMING_MS.chunkReload).toBe(MINUTE)
  })

  it('reloads the first time, then not again within the minute', () => {
    expect(chunkReloadDue({ lastReloadAt: null, now: NOW, online: true })).toBe(true)
    expect(chunkReloadDue({ lastReloadAt: String(NOW), now: NOW, online: true })).toBe(false)
    expect(chunkReloadDue({ lastReloadAt: String(NOW - MINUTE + 1), now: NOW, online: true })).toBe(
      false,
    )
    expect(chunkReloadDue({ lastReloadAt: String(NOW - MINUTE), now: NOW, online: true })).toBe(
      true,
    )
  })

  it('a tampered or future time reloads (the time then stored stops any loop)', () => {
    for (const lastReloadAt of ['', 'soon', 'NaN', 'Infinity', String(NOW + 5 * MINUTE)]) {
      expect(chunkReloadDue({ lastReloadAt, now: NOW, online: true })).toBe(true)
    }
  })

  it('never reloads offline', () => {
    expect(chunkReloadDue({ lastReloadAt: null, now: NOW, online: false })).toBe(false)
  })

  it('over any run of failures, reloads are at least a minute apart', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 3 * MINUTE }), { maxLength: 40 }), (gaps) => {
        let now = NOW
        let stored: string | null = null
        const reloads: number[] = []
        for (const gap of gaps) {
          now += gap
          if (chunkReloadDue({ lastReloadAt: stored, now, online: true })) {
            stored = String(now)
            reloads.push(now)
          }
        }
        for (let i = 1; i < reloads.length; i++) {
          expect((reloads[i] ?? 0) - (reloads[i - 1] ?? 0)).toBeGreaterThanOrEqual(MINUTE)
        }
        // and the first failure always reloads
        if (gaps.length > 0) expect(reloads[0]).toBe(NOW + (gaps[0] ?? 0))
      }),
    )
  })
})
