import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Monetico (CM-CIC) seals, version 3.0: MAC = HMAC-SHA1 of every field but MAC, sorted by name,
 * written `name=value` and joined with `*`, keyed by the merchant key "in operational form".
 * The 40-character key from the back office turns into that form by the rule of Monetico's kits
 * (its last two characters may encode a digit outside hexadecimal); the result is 20 bytes.
 */
export function usableKey(key: string): Buffer {
  let hex = key.slice(0, 38)
  const last = `${key.slice(38, 40)}00`
  const code = last.charCodeAt(0)
  if (code > 70 && code < 97) hex += String.fromCharCode(code - 23) + last.charAt(1)
  else if (last.charAt(1) === 'M') hex += `${last.charAt(0)}0`
  else hex += last.slice(0, 2)
  return Buffer.from(hex, 'hex')
}

/** The data a MAC seals: fields sorted by name (code-unit order, as PHP's ksort does). */
export function sealedData(fields: Readonly<Record<string, string>>): string {
  return Object.keys(fields)
    .filter((name) => name !== 'MAC')
    .sort()
    .map((name) => `${name}=${fields[name] ?? ''}`)
    .join('*')
}

export function moneticoMac(key: string, fields: Readonly<Record<string, string>>): string {
  return createHmac('sha1', usableKey(key)).update(sealedData(fields), 'utf8').digest('hex')
}

/** Compares the MAC a notification carries (any case) with ours, in constant time. */
export function macMatches(key: string, fields: Readonly<Record<string, string>>): boolean {
  const given = Buffer.from((fields.MAC ?? '').toLowerCase(), 'hex')
  const expected = Buffer.from(moneticoMac(key, fields), 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** Monetico's date field, dd/mm/yyyy:hh:mm:ss, in the merchant's (French) local time. */
export function moneticoDate(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at)
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '00'
  return `${get('day')}/${get('month')}/${get('year')}:${get('hour')}:${get('minute')}:${get('second')}`
}
