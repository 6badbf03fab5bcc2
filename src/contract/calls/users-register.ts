import {
  registerStep1Request,
  registerStep1Response,
  registerStep2Request,
  registerStep2Response,
  resendCodeRequest,
  sessionResponse,
  verifyCodeRequest,
} from '../auth'
import { defineCall } from '../call'
import { ack } from '../common'
import { FIRST_PUBLIC } from './crud'

/**
 * docs/product/4-states.md registration: step 1 (phone, email, password), step 2 (may require an SMS code), then
 * code verification, which opens the session.
 */

export const usersRegisterStep1 = defineCall({
  method: 'POST',
  path: '/api/users/register/steps/1',
  ...FIRST_PUBLIC,
  body: registerStep1Request,
  response: registerStep1Response,
})

export const usersRegisterStep2 = defineCall({
  method: 'POST',
  path: '/api/users/register/steps/2',
  ...FIRST_PUBLIC,
  body: registerStep2Request,
  response: registerStep2Response,
})

export const usersResendCode = defineCall({
  method: 'POST',
  path: '/api/users/register/resend/code',
  ...FIRST_PUBLIC,
  body: resendCodeRequest,
  response: ack,
})

export const usersVerifyCode = defineCall({
  method: 'POST',
  path: '/api/users/register/verify/code',
  ...FIRST_PUBLIC,
  body: verifyCodeRequest,
  response: sessionResponse,
})
