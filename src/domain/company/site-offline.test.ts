import { describe, expect, it } from 'vitest'
import { firstCheckDelay, siteOffline } from './site-offline'

describe('site offline (docs/product/4-states.md site states)', () => {
  it('the maintenance switch makes the site offline, debug or not', () => {
    expect(siteOffline({ offline: true })).toBe(true)
    expect(siteOffline({ offline: true, isDebug: true }, true)).toBe(true)
  })

  it('a disabled site is offline unless the company is in debug mode', () => {
    expect(siteOffline({ booker: { siteDisabled: true } })).toBe(true)
    expect(siteOffline({ booker: { siteDisabled: true }, isDebug: true })).toBe(false)
    expect(siteOffline({ booker: { siteDisabled: true } }, true)).toBe(false)
  })

  it('an active site is online; only true counts', () => {
    expect(siteOffline({})).toBe(false)
    expect(siteOffline({ booker: { siteDisabled: false } })).toBe(false)
    expect(siteOffline({ offline: 'true', booker: { siteDisabled: 1 } })).toBe(false)
    expect(siteOffline({ booker: null })).toBe(false)
  })
})

describe('first check delay of a page that sends the visitor elsewhere', () => {
  const interval = 30_000
  it('checks at once when it never sent the visitor away, or long ago', () => {
    expect(firstCheckDelay(null, 1_000_000, interval)).toBe(0)
    expect(firstCheckDelay(undefined, 1_000_000, interval)).toBe(0)
    expect(firstCheckDelay(1_000_000 - interval, 1_000_000, interval)).toBe(0)
    expect(firstCheckDelay(Number.NaN, 1_000_000, interval)).toBe(0)
  })

  it('waits the rest of the interval after a recent departure', () => {
    expect(firstCheckDelay(1_000_000 - 5_000, 1_000_000, interval)).toBe(25_000)
    expect(firstCheckDelay(1_000_000, 1_000_000, interval)).toBe(interval)
  })

  it('a departure in the future (a changed clock) does not block the check', () => {
    expect(firstCheckDelay(1_000_000 + 5_000, 1_000_000, interval)).toBe(0)
  })
})
