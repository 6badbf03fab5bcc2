/**
 * `?redirect=` on the login and register pages (the booking helper sends customers to log in and
 * expects to come back). Only a path of this same site is followed: an absolute or
 * protocol-relative address, a backslash, a control character (browsers drop tabs and new lines,
 * turning `/\t/evil.example` into `//evil.example`) or a path that normalises to `//host` is
 * refused, so the login page can never send anybody to another site (open redirect). Auth pages
 * themselves are refused too, so a login never loops back to a login.
 */
const ORIGIN = 'http://site.invalid'

const AUTH_PATH = /^\/(?:[a-z]{2}\/)?auth(?:\/|$)/

export function safeRedirect(raw: string | null | undefined, fallback: string): string {
  const path = sameSitePath(raw)
  if (path === undefined || AUTH_PATH.test(path)) return fallback
  return path
}

/**
 * The path, query and hash of `raw` when it is a path of this same site (the rules above), auth
 * pages included; else undefined. Social sign-in comes back to the login page with it.
 */
export function sameSitePath(raw: string | null | undefined): string | undefined {
  const value = raw?.trim() ?? ''
  if (!value.startsWith('/') || value.startsWith('//')) return undefined
  if (value.includes('\\') || hasControl(value)) return undefined
  let url: URL
  try {
    url = new URL(value, ORIGIN)
  } catch {
    return undefined
  }
  if (url.origin !== ORIGIN || url.pathname.startsWith('//')) return undefined
  return `${url.pathname}${url.search}${url.hash}`
}

function hasControl(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}

/** The login (or register) address that brings the visitor back to `here` afterwards. */
export function withRedirect(authHref: string, here: string): string {
  const target = safeRedirect(here, '')
  return target === '' ? authHref : `${authHref}?redirect=${encodeURIComponent(target)}`
}
