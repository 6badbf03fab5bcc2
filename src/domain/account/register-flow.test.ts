import { describe, expect, it } from 'vitest'
import { afterStep2, verifyBody } from './register-flow'

const details = { email: ' new@example.com ', phone: '06 12 34 56 78' }

describe('registration steps', () => {
  it('step 2 without a token asks for the codes of that sign-up', () => {
    const state = afterStep2(details, 'u1', { user: { id: 'u1' }, requireSMSCode: true })
    expect(state).toEqual({
      step: 'codes',
      userID: 'u1',
      email: 'new@example.com',
      phone: '06 12 34 56 78',
      requireSMSCode: true,
      requireEmailCode: true,
    })
  })

  it('step 2 saying which codes were sent asks for those alone', () => {
    const reply = { user: { id: 'u1' }, requireSMSCode: true, requireEmailCode: false }
    expect(afterStep2(details, 'u1', reply)).toMatchObject({
      requireSMSCode: true,
      requireEmailCode: false,
    })
  })

  it('step 2 with a token (address already verified) is a sign-in', () => {
    expect(
      afterStep2(details, 'u1', { user: { id: 'u1' }, token: 'tok', requireSMSCode: false }),
    ).toEqual({ step: 'done', token: 'tok' })
  })

  it('verification sends the e-mail code as code and the SMS code as smsCode', () => {
    const codes = {
      step: 'codes',
      userID: 'u1',
      email: 'a@b.example',
      phone: '0612345678',
      requireSMSCode: true,
      requireEmailCode: true,
    } as const
    expect(verifyBody(codes, '123 456', ' 654321')).toEqual({
      userID: 'u1',
      code: '123456',
      smsCode: '654321',
    })
    expect(verifyBody({ ...codes, requireSMSCode: false }, '123456', '')).toEqual({
      userID: 'u1',
      code: '123456',
    })
  })

  it('an SMS code asked alone goes as code and smsCode', () => {
    const codes = {
      step: 'codes',
      userID: 'u1',
      email: 'a@b.example',
      phone: '0612345678',
      requireSMSCode: true,
      requireEmailCode: false,
    } as const
    expect(verifyBody(codes, 'ignored', ' 654 321')).toEqual({
      userID: 'u1',
      code: '654321',
      smsCode: '654321',
    })
  })
})
