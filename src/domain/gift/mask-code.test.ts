import { describe, expect, it } from 'vitest'
import { maskGiftCode } from './mask-code'

describe('maskGiftCode', () => {
  it('keeps the last four symbols only, whatever the code was written like', () => {
    expect(maskGiftCode('ABCD2345EFGH')).toBe('••••-EFGH')
    expect(maskGiftCode('abcd-2345-efgh')).toBe('••••-EFGH')
    expect(maskGiftCode('ab 12')).toBe('••••-AB12')
    expect(maskGiftCode('ABCD2345EFGH')).not.toContain('ABCD')
  })
})
