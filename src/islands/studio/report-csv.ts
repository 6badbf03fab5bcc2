/**
 * A list as CSV (RFC 4180: comma, CRLF, quotes doubled), opened by a spreadsheet: a byte order
 * mark so Excel reads UTF-8, and a text cell that a spreadsheet would run as a formula (=, +, -,
 * @, tab, carriage return first) is written with a leading apostrophe (OWASP's CSV injection
 * advice). Numbers stay numbers.
 */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`
}

function cell(value: string | number): string {
  if (typeof value === 'number') return String(value)
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** Minor units as a plain decimal for a spreadsheet (2 digits: 12345 -> "123.45"). */
export function csvAmount(minor: number, digits = 2): string {
  const sign = minor < 0 ? '-' : ''
  const text = String(Math.abs(minor)).padStart(digits + 1, '0')
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`
}

/** Hands the text to the browser as a file download. */
export function downloadCsv(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  URL.revokeObjectURL(url)
}
