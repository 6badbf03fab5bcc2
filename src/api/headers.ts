import type { CallDef } from '#contract/call'
import type { ApiContext } from './context'
import { BASE_LOCALE, bearerOf } from './context'

/** Groups served by the statistics API, which knows no company header (docs/product/7-calls.md). */
const WITHOUT_COMPANY: ReadonlySet<CallDef['group']> = new Set(['bookingAdmin', 'stats'])

/** The headers of docs/product/7-calls.md; only `company` depends on the group, `curlang` always goes. */
export function buildHeaders(
  ctx: ApiContext,
  def: Pick<CallDef, 'group' | 'auth'>,
  hasBody: boolean,
): Headers {
  const headers = new Headers({ accept: 'application/json' })
  if (ctx.companyToken && !WITHOUT_COMPANY.has(def.group)) headers.set('company', ctx.companyToken)
  headers.set('curlang', ctx.curlang || BASE_LOCALE)
  // A call that takes no session never needs a bearer; leaving it out keeps tokens off the wire.
  const bearer = def.auth === 'none' ? undefined : bearerOf(ctx)
  if (bearer) headers.set('authorization', `Bearer ${bearer}`)
  if (ctx.previewTheme) headers.set('previewtheme', ctx.previewTheme)
  if (hasBody) headers.set('content-type', 'application/json')
  return headers
}
