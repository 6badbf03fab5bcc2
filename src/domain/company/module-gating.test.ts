import { describe, expect, it } from 'vitest'
import { MODULE_LEVEL } from '#contract/constants'
import { canRunModule } from './module-gating'

describe('module gating (docs/product/6-roles.md)', () => {
  it('a module runs when its number is at most the company version', () => {
    expect(canRunModule(2, 3)).toBe(true)
    expect(canRunModule(3, 3)).toBe(true)
    expect(canRunModule(4, 3)).toBe(false)
  })

  it('e-shop and loyalty are level 0, so every company may run them', () => {
    expect(MODULE_LEVEL.eshop).toBe(0)
    expect(MODULE_LEVEL.loyalty).toBe(0)
    expect(canRunModule(MODULE_LEVEL.eshop, 0)).toBe(true)
    expect(canRunModule(MODULE_LEVEL.loyalty, undefined)).toBe(true)
  })

  it('a missing or unreadable version counts as 0', () => {
    expect(canRunModule(1, undefined)).toBe(false)
    expect(canRunModule(1, null)).toBe(false)
    expect(canRunModule(1, Number.NaN)).toBe(false)
  })
})
