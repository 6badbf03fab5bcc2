import { randomInt } from 'node:crypto'

/**
 * Gift codes are read aloud, copied from an e-mail and typed on a phone: the alphabet leaves out
 * the characters people confuse (0/O, 1/I/L) and codes compare without case, spaces or dashes.
 * 12 symbols of 31 give about 59 bits, far beyond guessing through GET /api/gifts/check.
 */
export const GIFT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
export const GIFT_CODE_LENGTH = 12

/** A fresh random code (crypto.randomInt: uniform, unpredictable), stored in this form. */
export function generateGiftCode(): string {
  let code = ''
  for (let i = 0; i < GIFT_CODE_LENGTH; i++) {
    code += GIFT_CODE_ALPHABET[randomInt(GIFT_CODE_ALPHABET.length)]
  }
  return code
}

/** What a person typed, in the stored form: upper case, without spaces and dashes. */
export function normaliseGiftCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase()
}

/** Shown grouped by four (ABCD-EFGH-JKMN) in messages; the grouping is ignored when typed. */
export function displayGiftCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code
}
