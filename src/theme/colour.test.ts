import { describe, expect, it } from 'vitest'
import { contrastRatio, DARK_TEXT, LIGHT_TEXT, parseColour, readableOn } from './colour'

describe('colour parsing', () => {
  it.each([
    ['#fff', [255, 255, 255]],
    ['#FFFFFF', [255, 255, 255]],
    ['#3D2E28', [61, 46, 40]],
    ['#3d2e2880', [61, 46, 40]],
    ['#abcd', [170, 187, 204]],
    ['rgb(10, 20, 30)', [10, 20, 30]],
    ['rgba(10 20 30 / 50%)', [10, 20, 30]],
    ['rgb(100%, 0%, 0%)', [255, 0, 0]],
    ['hsl(0, 100%, 50%)', [255, 0, 0]],
    ['hsl(120deg 100% 25%)', [0, 128, 0]],
  ])('%s', (input, rgb) => {
    expect(parseColour(input)).toEqual(rgb)
  })

  it('does not read transparent or names', () => {
    expect(parseColour('transparent')).toBeUndefined()
    expect(parseColour('red')).toBeUndefined()
  })
})

describe('readable text colour', () => {
  it('is dark on light backgrounds and light on dark ones', () => {
    expect(readableOn('#FFFFFF')).toBe(DARK_TEXT)
    expect(readableOn('#F5F1E8')).toBe(DARK_TEXT)
    expect(readableOn('#3D2E28')).toBe(LIGHT_TEXT)
    expect(readableOn('#0E2F3D')).toBe(LIGHT_TEXT)
    expect(readableOn('#333333')).toBe(LIGHT_TEXT)
  })

  it('falls back when the colour cannot be read', () => {
    expect(readableOn('transparent', LIGHT_TEXT)).toBe(LIGHT_TEXT)
    expect(readableOn(undefined)).toBe(DARK_TEXT)
  })

  it('reaches WCAG AA (4.5) on the demo button colours', () => {
    for (const bg of ['#B5846B', '#1F5F7A', '#2F4A3A', '#D4A88E', '#4FA3A5']) {
      const rgb = parseColour(bg)
      const fg = parseColour(readableOn(bg))
      if (!rgb || !fg) throw new Error(bg)
      expect(contrastRatio(rgb, fg), bg).toBeGreaterThanOrEqual(4.5)
    }
  })
})
