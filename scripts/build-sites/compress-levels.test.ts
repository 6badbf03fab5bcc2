import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { brotliParams, brotliWindow } from './compress-levels'

describe('brotli window fitted to the file', () => {
  it('is the smallest window that holds the file, within brotli bounds', () => {
    expect(brotliWindow(25_000)).toBe(15)
    expect(brotliWindow(32_768)).toBe(15)
    expect(brotliWindow(32_769)).toBe(16)
    expect(brotliWindow(0)).toBe(constants.BROTLI_MIN_WINDOW_BITS)
    expect(brotliWindow(2 ** 30)).toBe(constants.BROTLI_MAX_WINDOW_BITS)
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 24 }), (size) => {
        expect(2 ** brotliWindow(size)).toBeGreaterThanOrEqual(size)
      }),
    )
  })

  it('decodes to the file, and repeats far apart still compress as matches', () => {
    // a block repeated 100 KB later: a window smaller than the file would lose the match
    const block = Array.from({ length: 2_000 }, (_, i) => `<li>${(i * 7919) % 10007}</li>`).join('')
    const page = Buffer.from(`${block}${'x'.repeat(100_000)}${block}`)
    const packed = brotliCompressSync(page, { params: brotliParams(5, page.length) })
    expect(brotliDecompressSync(packed)).toEqual(page)
    const once = brotliCompressSync(Buffer.from(`${block}${'x'.repeat(100_000)}`), {
      params: brotliParams(5, page.length - block.length),
    })
    expect(packed.length).toBeLessThan(once.length + 200)
  })
})
