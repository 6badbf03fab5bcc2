import type { CallOutput } from '#contract/call'
import { cmpusersCalls } from '#contract/calls/cmpusers'
import {
  usersLogin,
  usersMe,
  usersPasswordSet,
  usersPasswordUpdate,
  usersProfileUpdate,
} from '#contract/calls/users'
import { providerCheckEndsSession } from '#domain/account/provider-check'
import type { ContextSource } from '../context'
import { readContext } from '../context'
import { ApiError } from '../errors'
import { callApi } from '../request'
import { report, succeeded } from '../swallow'
import type { ApiInput, CallOptions } from '../types'

type Customer = CallOutput<typeof usersMe>
type Provider = CallOutput<typeof cmpusersCalls.me>
export type LoginResult = CallOutput<typeof usersLogin>

/**
 * The session checks of docs/product/4-states.md auto-login: a missing token, a failed call or a missing user
 * all mean "signed out", reported as null and through the context's sign-out hook, never thrown.
 */
export async function customerMe(source: ContextSource, options?: CallOptions): Promise<Customer> {
  const ctx = readContext(source)
  const signOut = () => {
    ctx.onCustomerSignOut?.()
    return null
  }
  if (!ctx.customerToken) return signOut()
  try {
    return (await callApi(source, usersMe, {}, options)) ?? signOut()
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    report(source, error, 'users.me')
    return signOut()
  }
}

/**
 * The start-up check of a restored provider session (docs/product/7-calls.md Startup: GET
 * /api/cmp-users/me with the bearer). A refusal logs out; no answer or a server error answers
 * null and keeps the token for the next page (providerCheckEndsSession,
 * docs/decisions/063-last-partial-rows-of-the-api.md).
 */
export async function providerMe(
  source: ContextSource,
  options?: CallOptions,
): Promise<Provider | null> {
  const ctx = readContext(source)
  const signOut = () => {
    ctx.onProviderSignOut?.()
    return null
  }
  if (!ctx.providerToken) return signOut()
  try {
    return await callApi(source, cmpusersCalls.startupMe, {}, options)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    report(source, error, 'cmpusers.startupMe')
    return providerCheckEndsSession(error.status) ? signOut() : null
  }
}

/**
 * docs/product/8-errors.md: a refused login answers with its error type, read from the body (`errType`, else
 * `type`); 'server' when no response came, or when the body names no type.
 */
export async function login(
  source: ContextSource,
  input: ApiInput<typeof usersLogin>,
  options?: CallOptions,
): Promise<LoginResult> {
  try {
    return await callApi(source, usersLogin, input, options)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { errType: error.type ?? 'server' }
  }
}

/** docs/product/8-errors.md: true when changed, false on any failure. */
export function passwordUpdate(
  source: ContextSource,
  input: ApiInput<typeof usersPasswordUpdate>,
  options?: CallOptions,
): Promise<boolean> {
  return succeeded(source, 'users.passwordUpdate', () =>
    callApi(source, usersPasswordUpdate, input, options),
  )
}

export function passwordSet(
  source: ContextSource,
  input: ApiInput<typeof usersPasswordSet>,
  options?: CallOptions,
): Promise<boolean> {
  return succeeded(source, 'users.passwordSet', () =>
    callApi(source, usersPasswordSet, input, options),
  )
}

/** docs/product/5-rules.md, docs/product/8-errors.md: a profile update fails with 409 when the message is 'Conflict', else with 500. */
export async function profileUpdate(
  source: ContextSource,
  input: ApiInput<typeof usersProfileUpdate>,
  options?: CallOptions,
): Promise<CallOutput<typeof usersProfileUpdate>> {
  try {
    return await callApi(source, usersProfileUpdate, input, options)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const code = error.message === 'Conflict' ? 409 : 500
    throw new ApiError(code, error.message, { status: error.status, raw: error })
  }
}
