/**
 * The cookie and local-storage access every store goes through, injectable so the store rules
 * run in node tests without a DOM, and tolerant of the server render (no document: nothing is
 * stored, nothing is read).
 */
export interface CookieOptions {
  /** Seconds; omitted makes a session cookie (docs/product/4-states.md provider session). */
  maxAge?: number
  /** Sent only over TLS: set whenever the page itself came over https (docs/decisions/021). */
  secure?: boolean
}

export interface CookieJar {
  get(name: string): string | undefined
  set(name: string, value: string, options?: CookieOptions): void
  remove(name: string): void
}

/** The subset of Web Storage the stores use. */
export interface KeyValueStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export function parseCookies(header: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    const name = part.slice(0, eq).trim()
    if (!name || out.has(name)) continue
    try {
      out.set(name, decodeURIComponent(part.slice(eq + 1).trim()))
    } catch {
      // a value another script wrote without encoding: keep it raw rather than drop it
      out.set(name, part.slice(eq + 1).trim())
    }
  }
  return out
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const age = options.maxAge === undefined ? '' : `; Max-Age=${Math.round(options.maxAge)}`
  const secure = options.secure ? '; Secure' : ''
  return `${name}=${encodeURIComponent(value)}; Path=/${age}; SameSite=Lax${secure}`
}

/** document.cookie, or nothing during the server render. */
export function documentCookieJar(): CookieJar {
  const doc = typeof document === 'undefined' ? undefined : document
  const secure = doc?.location?.protocol === 'https:'
  return {
    get: (name) => (doc ? parseCookies(doc.cookie).get(name) : undefined),
    set: (name, value, options) => {
      if (doc) doc.cookie = serializeCookie(name, value, { ...options, secure })
    },
    remove: (name) => {
      if (doc) doc.cookie = serializeCookie(name, '', { maxAge: 0, secure })
    },
  }
}

/** For tests and the server render; records the options so lifetimes can be asserted. */
export function memoryCookieJar(
  initial: Record<string, string> = {},
): CookieJar & { options: Map<string, CookieOptions | undefined> } {
  const values = new Map(Object.entries(initial))
  const options = new Map<string, CookieOptions | undefined>()
  return {
    options,
    get: (name) => values.get(name),
    set: (name, value, opts) => {
      values.set(name, value)
      options.set(name, opts)
    },
    remove: (name) => {
      values.delete(name)
      options.delete(name)
    },
  }
}

/** window.localStorage when usable (private modes can throw), else a throwaway map. */
export function browserStorage(): KeyValueStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage
  } catch {
    // access denied: fall through to memory
  }
  return memoryStorage()
}

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const values = new Map(Object.entries(initial))
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  }
}

/** JSON.parse that answers undefined for anything unreadable (a tampered or old cookie). */
export function readJson(text: string | null | undefined): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
