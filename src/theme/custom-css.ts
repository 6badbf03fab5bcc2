/**
 * Tenant custom CSS goes inside a <style> element of every page (and into the theme preview).
 *
 * 1. It cannot reach another host (decision 019): before consent a page must send
 *    nothing to a third party, and CSS loads by itself. Every `@import` is dropped (custom CSS
 *    has no need of other stylesheets; a font is a theme setting, loaded after consent), and a
 *    `url(…)` or URL-like string that names another host becomes `none`/`""`. Relative
 *    addresses, `#fragments` and `data:` stay. Comments go first and escaped letters are read
 *    as letters (`u\72l(`, `@\69mport` mean the same as `url(`, `@import` to a browser), so
 *    neither hides a load. The page's Content-Security-Policy blocks the same hosts again.
 * 2. It cannot close its element. The HTML tokenizer ends it at the first `</style` whatever
 *    follows, so a tenant could otherwise inject markup or scripts. `<` has no use in CSS
 *    outside strings and comments, so every `<` becomes the CSS escape `\3c ` (the trailing
 *    space ends the escape): inside a string it still renders '<', anywhere else it was invalid
 *    anyway. NUL characters are dropped because browsers replace them and tools disagree on how.
 */
const ESCAPE = /\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|([\s\S]))/g
const LETTER = /^[A-Za-z]$/

/** Escaped ASCII letters as plain letters (the same CSS); every other escape is kept. */
function unescapeLetters(css: string): string {
  return css.replace(ESCAPE, (whole, hex: string | undefined, char: string | undefined) => {
    const letter = hex === undefined ? char : String.fromCodePoint(Number.parseInt(hex, 16))
    return letter !== undefined && LETTER.test(letter) && !/[a-fA-F]/.test(char ?? '')
      ? letter
      : whole
  })
}

/** What an address means to the browser's URL parser: escapes read, tabs and newlines gone. */
function addressOf(raw: string): string {
  return raw
    .replace(ESCAPE, (_whole, hex: string | undefined, char: string | undefined) =>
      hex === undefined ? (char ?? '') : String.fromCodePoint(Number.parseInt(hex, 16) || 0xfffd),
    )
    .replace(/[\t\n\r]/g, '')
    .replace(/^[\0-\x20]+|[\0-\x20]+$/g, '')
    .replace(/\\/g, '/')
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i

function allowedAddress(raw: string, origins: readonly string[]): boolean {
  const address = addressOf(raw)
  if (/^data:/i.test(address)) return true
  if (SCHEME.test(address) || address.startsWith('//')) {
    try {
      return origins.includes(new URL(address).origin)
    } catch {
      return false
    }
  }
  return true
}

/** The end of a url( token starting after its '(': [value, index after ')']. */
function readUrl(css: string, from: number): [string, number] {
  let i = from
  while (i < css.length && /\s/.test(css[i] ?? '')) i++
  const quote = css[i]
  if (quote === '"' || quote === "'") {
    let value = ''
    i++
    while (i < css.length && css[i] !== quote && css[i] !== '\n') {
      if (css[i] === '\\') value += css[i++] ?? ''
      value += css[i++] ?? ''
    }
    const close = css.indexOf(')', i)
    return [value, close < 0 ? css.length : close + 1]
  }
  const close = css.indexOf(')', i)
  const end = close < 0 ? css.length : close
  return [css.slice(i, end), close < 0 ? css.length : close + 1]
}

function neutraliseUrls(css: string, origins: readonly string[]): string {
  let out = ''
  let at = 0
  for (const match of css.matchAll(/url\(/gi)) {
    const start = match.index
    if (start < at) continue
    const [value, end] = readUrl(css, start + match[0].length)
    out += css.slice(at, start) + (allowedAddress(value, origins) ? css.slice(start, end) : 'none')
    at = end
  }
  return out + css.slice(at)
}

/** Strings that look like an absolute address (image-set() takes them without url()). */
function neutraliseStrings(css: string, origins: readonly string[]): string {
  return css.replace(
    /(["'])((?:\\[\s\S]|(?!\1)[^\\\n])*)\1?/g,
    (whole, _q: string, body: string) => {
      const address = addressOf(body)
      const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(address) || address.startsWith('//')
      return absolute && !allowedAddress(body, origins) ? '""' : whole
    },
  )
}

/**
 * The tenant's CSS made safe for a <style> element. `origins`: other origins it may name (the
 * storage origin); the site's own addresses are relative and always allowed.
 */
export function safeCustomCss(
  css: string | null | undefined,
  origins: readonly string[] = [],
): string {
  if (!css) return ''
  let safe = css.replace(/\0/g, '').replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')
  safe = unescapeLetters(safe).replace(/@import\b[^;]*(?:;|$)/gi, '')
  safe = neutraliseStrings(neutraliseUrls(safe, origins), origins)
  return safe.replace(/</g, '\\3c ').trim()
}
