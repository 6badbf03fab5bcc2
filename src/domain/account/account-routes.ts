/**
 * Where the account pages find what their address names. The site is static: /profile/orders,
 * /profile/eshoporders and /profile/password-reset are single pages, so an order is opened as
 * `/profile/orders?id=<id>` (and `/profile/eshoporders?id=<id>`) and a reset token is read from
 * the hash (`/profile/password-reset#<token>`: never sent to a server) or from `?token=`. The
 * path forms (/profile/orders/:id, /profile/password-reset/:token, the link the reset mail
 * carries) are read too, and `misroutedAccountPath` turns them into the static forms when they
 * reach a page that is not theirs (the 404 page, while the sites server has no fallback for them).
 */
export interface AddressParts {
  pathname: string
  search: string
  hash: string
}

export type DetailPage = 'orders' | 'eshoporders'

const LOCALE_PREFIX = '(/(?:en|de|es|it))?'
const DETAIL = new RegExp(`^${LOCALE_PREFIX}/profile/(orders|eshoporders)/([^/]+)/?$`)
const RESET = new RegExp(`^${LOCALE_PREFIX}/profile/password-reset/([^/]+)/?$`)

const clean = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim()
  return trimmed ? trimmed : undefined
}

function decoded(segment: string): string | undefined {
  try {
    return clean(decodeURIComponent(segment))
  } catch {
    return undefined
  }
}

/** The order an orders page shows: `?id=`, else the path form; undefined for the list. */
export function detailIdOf(address: AddressParts, page: DetailPage): string | undefined {
  const query = clean(new URLSearchParams(address.search).get('id'))
  if (query) return query
  const match = address.pathname.match(DETAIL)
  return match && match[2] === page && match[3] ? decoded(match[3]) : undefined
}

/** The address of one order, on the static list page. */
export function detailHref(listHref: string, id: string): string {
  return `${listHref}?id=${encodeURIComponent(id)}`
}

/** The reset token: the hash, `?token=`, or the path form of the mailed link. */
export function resetTokenOf(address: AddressParts): string | undefined {
  const hash = clean(address.hash.replace(/^#/, ''))
  if (hash) return decoded(hash)
  const query = clean(new URLSearchParams(address.search).get('token'))
  if (query) return query
  const match = address.pathname.match(RESET)
  return match?.[2] ? decoded(match[2]) : undefined
}

/** The static address of a path form (/profile/orders/:id, /profile/password-reset/:token). */
export function misroutedAccountPath(pathname: string): string | undefined {
  const detail = pathname.match(DETAIL)
  if (detail?.[2] && detail[3]) {
    return `${detail[1] ?? ''}/profile/${detail[2]}?id=${detail[3]}`
  }
  const reset = pathname.match(RESET)
  if (reset?.[2]) return `${reset[1] ?? ''}/profile/password-reset#${reset[2]}`
  return undefined
}
