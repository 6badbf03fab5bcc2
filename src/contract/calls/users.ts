import * as z from 'zod/mini'
import {
  changePasswordRequest,
  linkProviderRequest,
  loginRequest,
  loginResponse,
  newPasswordRequest,
  resetPasswordRequest,
  resetTokenResponse,
  socialLinkStartRequest,
  socialLinkStartResponse,
  socialLinksResponse,
  socialLoginRequest,
  unlinkProviderRequest,
} from '../auth'
import { defineCall } from '../call'
import { ack } from '../common'
import { customer } from '../customer'
import { profileBody } from '../link'
import { FIRST_CUSTOMER, FIRST_PROVIDER, FIRST_PUBLIC } from './crud'
import {
  usersRegisterStep1,
  usersRegisterStep2,
  usersResendCode,
  usersVerifyCode,
} from './users-register'

/** docs/product/7-calls.md Users: customer accounts. */

const tokenParams = z.object({ token: z.string().check(z.minLength(16)) })

/** null without a bearer or with one that no longer signs anybody in */
export const usersMe = defineCall({
  method: 'GET',
  path: '/api/users/me',
  group: 'first',
  auth: 'optional',
  response: z.nullable(customer),
})

export const usersLogin = defineCall({
  method: 'POST',
  path: '/api/users/login',
  ...FIRST_PUBLIC,
  body: loginRequest,
  response: loginResponse,
})

export const usersLoginProvider = defineCall({
  method: 'POST',
  path: '/api/users/login/provider',
  ...FIRST_PUBLIC,
  body: socialLoginRequest,
  response: loginResponse,
})

/** our addition: revokes the bearer server-side (docs/product/4-states.md logout calls "customer logout") */
export const usersLogout = defineCall({
  method: 'POST',
  path: '/api/users/logout',
  ...FIRST_CUSTOMER,
  response: ack,
})

export const usersList = defineCall({
  method: 'GET',
  path: '/api/users',
  ...FIRST_PROVIDER,
  response: z.array(customer),
})

/** a password-reset token (docs/product/2-screens.md /profile/password-reset/:token) */
export const usersTokenGet = defineCall({
  method: 'GET',
  path: '/api/users/token/:token',
  ...FIRST_PUBLIC,
  params: tokenParams,
  response: resetTokenResponse,
})

export const usersTokenPut = defineCall({
  method: 'PUT',
  path: '/api/users/token/:token',
  ...FIRST_PUBLIC,
  params: tokenParams,
  body: newPasswordRequest,
  response: ack,
})

export const usersPasswordUpdate = defineCall({
  method: 'PUT',
  path: '/api/users/password',
  ...FIRST_CUSTOMER,
  body: changePasswordRequest,
  response: ack,
})

/** for accounts with noPass (social sign-in) */
export const usersPasswordSet = defineCall({
  method: 'PUT',
  path: '/api/users/password/set',
  ...FIRST_CUSTOMER,
  body: newPasswordRequest,
  response: ack,
})

/** acknowledges whether or not the e-mail has an account, so nobody can probe for one */
export const usersPasswordReset = defineCall({
  method: 'POST',
  path: '/api/users/password/reset',
  ...FIRST_PUBLIC,
  body: resetPasswordRequest,
  response: ack,
})

export const usersLinkProvider = defineCall({
  method: 'POST',
  path: '/api/users/link/provider',
  ...FIRST_CUSTOMER,
  body: linkProviderRequest,
  response: customer,
})

export const usersUnlinkProvider = defineCall({
  method: 'POST',
  path: '/api/users/unlink/provider',
  ...FIRST_CUSTOMER,
  body: unlinkProviderRequest,
  response: customer,
})

/**
 * our addition, the OpenID Connect redirect flow of social sign-in
 * (docs/decisions/031-social-sign-in-oidc.md): the session a completed sign-in left in its
 * HttpOnly result cookie, answered as a login (no cookie, or another company's: errType
 * `socialFlowInvalid`)
 */
export const usersSocialSession = defineCall({
  method: 'POST',
  path: '/api/auth/social/session',
  ...FIRST_PUBLIC,
  response: loginResponse,
})

/** our addition: starts linking a provider to the signed-in customer; answers the issuer's address */
export const usersSocialLinkStart = defineCall({
  method: 'POST',
  path: '/api/auth/social/link',
  ...FIRST_CUSTOMER,
  body: socialLinkStartRequest,
  response: socialLinkStartResponse,
})

/** our addition: the providers linked to the signed-in customer (the profile's link and unlink) */
export const usersSocialLinks = defineCall({
  method: 'GET',
  path: '/api/auth/social/links',
  ...FIRST_CUSTOMER,
  response: socialLinksResponse,
})

/** docs/product/7-calls.md "Profile update takes profile data, returns user"; 409 on 'Conflict' (docs/product/8-errors.md) */
export const usersProfileUpdate = defineCall({
  method: 'PUT',
  path: '/api/profiles',
  ...FIRST_CUSTOMER,
  body: profileBody,
  response: customer,
})

export const usersCalls = {
  me: usersMe,
  login: usersLogin,
  loginProvider: usersLoginProvider,
  logout: usersLogout,
  registerStep1: usersRegisterStep1,
  registerStep2: usersRegisterStep2,
  resendCode: usersResendCode,
  verifyCode: usersVerifyCode,
  list: usersList,
  tokenGet: usersTokenGet,
  tokenPut: usersTokenPut,
  passwordUpdate: usersPasswordUpdate,
  passwordSet: usersPasswordSet,
  passwordReset: usersPasswordReset,
  linkProvider: usersLinkProvider,
  unlinkProvider: usersUnlinkProvider,
  socialSession: usersSocialSession,
  socialLinkStart: usersSocialLinkStart,
  socialLinks: usersSocialLinks,
  profileUpdate: usersProfileUpdate,
}
