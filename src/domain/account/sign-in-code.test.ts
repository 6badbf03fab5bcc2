import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { API_ERROR_TYPES } from '#contract/error'
import { asksForSignInCode } from './sign-in-code'

// docs/decisions/061-sign-in-budget.md: the sign-in form's code step.
describe('the sign-in code step', () => {
  it('asks for the code after the budget refusals only', () => {
    expect(asksForSignInCode('signInCodeRequired')).toBe(true)
    expect(asksForSignInCode('invalidCode')).toBe(true)
    const others = API_ERROR_TYPES.filter(
      (type) => !['signInCodeRequired', 'invalidCode'].includes(type),
    )
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...others), fc.string()), (errType) => {
        fc.pre(errType !== 'signInCodeRequired' && errType !== 'invalidCode')
        expect(asksForSignInCode(errType)).toBe(false)
      }),
    )
  })

  it('the contract knows the refusal the form waits for', () => {
    expect(API_ERROR_TYPES).toContain('signInCodeRequired')
  })
})
