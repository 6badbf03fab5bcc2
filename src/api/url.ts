/**
 * Request addresses of docs/product/7-calls.md: base + path with `:params` filled in + query + `_timestamp`.
 * Built by hand rather than with `new URL` because the browser base is '' (same origin) and
 * must stay relative.
 */

const PLACEHOLDER = /:([A-Za-z_][A-Za-z0-9_]*)/g

export class MissingPathParam extends Error {
  constructor(readonly param: string) {
    super(`missing path parameter :${param}`)
  }
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function scalar(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** Fills `:name` placeholders; each value is encoded so a host or slug cannot add segments. */
export function fillPath(path: string, params: unknown): string {
  const values = isRecord(params) ? params : {}
  return path.replace(PLACEHOLDER, (_, name: string) => {
    const value = scalar(values[name])
    if (value === undefined || value === '') throw new MissingPathParam(name)
    return encodeURIComponent(value)
  })
}

/** Absent values are left out; arrays repeat their key, the usual form servers parse. */
export function queryString(query: unknown, now: number): string {
  const search = new URLSearchParams()
  if (isRecord(query)) {
    for (const [key, value] of Object.entries(query)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        const text = scalar(item)
        if (text !== undefined) search.append(key, text)
      }
    }
  }
  // Defeats HTTP caches between the visitor and the API (docs/product/7-calls.md): every request is fresh.
  search.set('_timestamp', String(now))
  return search.toString()
}

export function buildUrl(base: string, path: string, params: unknown, query: unknown): string {
  return `${base}${fillPath(path, params)}?${queryString(query, Date.now())}`
}
