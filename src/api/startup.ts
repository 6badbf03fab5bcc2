import type { CallOutput } from '#contract/call'
import { companiesMe, companiesTokenByHost } from '#contract/calls/companies'
import type { ContextSource } from './context'
import { withContext } from './context'
import { ApiError } from './errors'
import { callApi } from './request'
import type { CallOptions } from './types'

export type Company = CallOutput<typeof companiesMe>

/**
 * docs/product/7-calls.md Startup, step 1: the company token of a host. docs/product/4-states.md: when it cannot be had the
 * site is in maintenance, so every failure becomes a 500 of type 'maintenance'; the original
 * error stays in `raw` for a caller (the build) that must tell an unknown host (its code 404)
 * from an API that is down (503) and keep the last good site in that case.
 */
export async function getCompanyToken(
  source: ContextSource,
  host: string,
  debug = false,
  options?: CallOptions,
): Promise<string> {
  // No company is known yet: a stale token in the context must not pick the tenant.
  const ctx = withContext(source, { companyToken: null })
  try {
    const input = { params: { host }, query: { debug: debug ? '1' : '0' } } as const
    return (await callApi(ctx, companiesTokenByHost, input, options)).token
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    throw new ApiError(500, error.message, {
      status: error.status,
      raw: error,
      type: 'maintenance',
    })
  }
}

/** docs/product/7-calls.md Startup, step 2: the company of a token, previewing a theme when one is given. */
export function loadCompany(
  source: ContextSource,
  companyToken: string,
  previewTheme?: string | null,
  options?: CallOptions,
): Promise<Company> {
  const ctx = withContext(source, { companyToken, previewTheme: previewTheme ?? null })
  return callApi(ctx, companiesMe, {}, options)
}

/** Both steps, as the build and the server-side start run them for one host. */
export async function companyOfHost(
  source: ContextSource,
  host: string,
  { debug = false, previewTheme = null }: { debug?: boolean; previewTheme?: string | null } = {},
): Promise<{ token: string; company: Company }> {
  const token = await getCompanyToken(source, host, debug)
  return { token, company: await loadCompany(source, token, previewTheme) }
}
