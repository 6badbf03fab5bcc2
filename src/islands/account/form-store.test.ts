import { describe, expect, it } from 'vitest'
import { createFormStore } from './form-store'

describe('account form store', () => {
  it('a submit with errors shows them and is not sent; one without is busy', () => {
    const form = createFormStore({ name: '' })
    expect(form.check({ name: 'form.required' })).toBe(false)
    expect(form.$form.get()).toMatchObject({ errors: { name: 'form.required' }, busy: false })
    form.type('name', 'Ada')
    expect(form.check({})).toBe(true)
    expect(form.$form.get()).toMatchObject({ values: { name: 'Ada' }, errors: {}, busy: true })
  })

  it('a new submit clears the last failure and success', () => {
    const form = createFormStore({ name: 'Ada' })
    form.check({})
    form.fail('profile.error')
    expect(form.$form.get()).toMatchObject({ failure: 'profile.error', busy: false })
    form.check({})
    form.done({ success: 'profile.saved', values: { name: '' } })
    expect(form.$form.get()).toMatchObject({
      failure: undefined,
      success: 'profile.saved',
      busy: false,
      values: { name: '' },
    })
    form.check({ name: 'form.required' })
    expect(form.$form.get().success).toBeUndefined()
  })

  it('notices do not end a submit; clearOutcome leaves values and errors', () => {
    const form = createFormStore({ code: '1' })
    form.check({})
    form.notify('auth.codeResent')
    expect(form.$form.get()).toMatchObject({ busy: true, success: 'auth.codeResent' })
    form.clearOutcome()
    expect(form.$form.get()).toMatchObject({
      busy: true,
      success: undefined,
      values: { code: '1' },
    })
  })
})
