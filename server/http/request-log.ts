import type { MiddlewareHandler } from 'hono'

/**
 * One line per request: `GET /api/companies/me 200 3ms`. The query string is left out (it may
 * carry personal data), and so is a token that sits in the path (/api/users/token/:token).
 * Control characters of the (decoded) path are escaped, so a `%00` or a `%0A` cannot cut the
 * line or forge another one.
 */
export function requestLog(log: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    await next()
    const ms = Math.round(performance.now() - started)
    log(`${c.req.method} ${redactPath(c.req.path)} ${c.res.status} ${ms}ms`)
  }
}

/** C0, DEL and C1 (\p{Cc}), and the Unicode line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/gu

/** `\xNN` (or `\uNNNN`) for each character that could break a log line. */
export function escapeControl(text: string): string {
  return text.replace(CONTROL, (char) => {
    const code = char.charCodeAt(0)
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`
  })
}

/** The path as logged: no token, no control character. */
export function redactPath(path: string): string {
  return escapeControl(path.replace(/\/token\/(?!host\/)[^/]+/g, '/token/***'))
}
