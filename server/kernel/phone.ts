import { badRequest } from './refusals.ts'

/**
 * Phone numbers are stored in E.164 ('+33612345678') so one person's number written
 * '06 12 34 56 78', '0033 6 12…' or '+33 6 12…' is one number for uniqueness and look-ups.
 * A national number (leading 0) takes the country's calling code; registration sends no
 * country, and the storefront's businesses are French first, hence the default.
 */
export const DEFAULT_PHONE_COUNTRY = 'FR'

/** Calling codes of the countries the demo businesses and their neighbours use. */
const CALLING_CODES: Readonly<Record<string, string>> = {
  FR: '33',
  BE: '32',
  CH: '41',
  LU: '352',
  MC: '377',
  DE: '49',
  AT: '43',
  ES: '34',
  IT: '39',
  PT: '351',
  NL: '31',
  GB: '44',
  IE: '353',
  US: '1',
  CA: '1',
}

/** E.164 form, or undefined when the number cannot be read (the caller answers 400). */
export function normalizePhone(raw: string, country = DEFAULT_PHONE_COUNTRY): string | undefined {
  const compact = raw.replace(/[\s.()-]/g, '')
  let digits: string
  if (compact.startsWith('+')) digits = compact.slice(1)
  else if (compact.startsWith('00')) digits = compact.slice(2)
  else if (compact.startsWith('0')) {
    const code = CALLING_CODES[country.toUpperCase()]
    if (code === undefined) return undefined
    digits = `${code}${compact.slice(1)}`
  } else digits = compact
  // E.164: at most 15 digits, no leading zero in the country code.
  return /^[1-9]\d{6,14}$/.test(digits) ? `+${digits}` : undefined
}

/** The E.164 form of a phone of the request, or 400 `invalidInput` naming where it was. */
export function readPhone(raw: string, country?: string, where: 'body' | 'query' = 'body'): string {
  const phone = normalizePhone(raw, country)
  if (!phone)
    throw badRequest(`Invalid request: ${where}.phone: not a phone number`, 'invalidInput')
  return phone
}
