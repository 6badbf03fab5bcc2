import type { MiddlewareHandler } from 'hono'

/**
 * One line per request: `GET /api/companies/me 200 3ms`. The query string is left out (it may
 * carry personal data), and so is a token that sits in the path (/api/users/token/:token).
 */
export function requestLog(log: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    await next()
    const ms = Math.round(performance.now() - started)
    log(`${c.req.method} ${redactPath(c.req.path)} ${c.res.status} ${ms}ms`)
  }
}

export function redactPath(path: string): string {
  return path.replace(/\/token\/(?!host\/)[^/]+/g, '/token/***')
}
