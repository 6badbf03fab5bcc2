import { describe, expect, it } from 'vitest'
import { ApiError } from '#api/errors'
import type { Customer } from '#contract/customer'
import {
  countryNames,
  createPasswordForm,
  createProfileForm,
  passwordErrors,
  profileValues,
  unreachableNotices,
} from './profile-state'

const ADA: Customer = {
  id: 'c1',
  email: 'ada@example.com',
  profiles: [{ firstname: 'Ada', lastname: 'Lovelace', city: 'Annecy', country: 'CH' }],
  links: [],
  noPass: false,
}

function profileForm(answer: (body: unknown) => Promise<Customer>) {
  const bodies: unknown[] = []
  const saved: Customer[] = []
  const form = createProfileForm(ADA, {
    api: {
      profileUpdate: (input) => {
        bodies.push(input.body)
        return answer(input.body)
      },
    },
    onSaved: (customer) => saved.push(customer),
  })
  return { form, bodies, saved }
}

describe('profile form (docs/product/2-screens.md /profile)', () => {
  it("starts from the customer's first profile, France when no country is saved", () => {
    expect(profileValues(ADA)).toEqual({
      firstname: 'Ada',
      lastname: 'Lovelace',
      phone: '',
      city: 'Annecy',
      country: 'CH',
    })
    expect(profileValues({ ...ADA, profiles: [] }).country).toBe('FR')
  })

  it('names are required and a phone must be one: nothing is sent', async () => {
    const { form, bodies } = profileForm(async () => ADA)
    form.type('firstname', ' ')
    form.type('phone', 'abc')
    expect(await form.submit()).toBe('invalid')
    expect(form.$form.get().errors).toEqual({
      firstname: 'form.required',
      phone: 'form.invalidPhone',
    })
    expect(bodies).toEqual([])
  })

  it('sends trimmed values, blanks left out, and tells the page the saved customer', async () => {
    const { form, bodies, saved } = profileForm(async () => ({ ...ADA, email: 'new@example.com' }))
    form.type('firstname', ' Ada ')
    form.type('city', '  ')
    const sending = form.submit()
    expect(form.$form.get().busy).toBe(true)
    expect(await sending).toBe('sent')
    expect(bodies).toEqual([
      { firstname: 'Ada', lastname: 'Lovelace', phone: undefined, city: undefined, country: 'CH' },
    ])
    expect(saved.map((customer) => customer.email)).toEqual(['new@example.com'])
    expect(form.$form.get()).toMatchObject({ busy: false, success: 'profile.saved' })
  })

  it("a 'Conflict' has its own words; any other failure the profile's", async () => {
    const conflict = profileForm(() => Promise.reject(new ApiError(409, 'Conflict')))
    expect(await conflict.form.submit()).toBe('failed')
    expect(conflict.form.$form.get()).toMatchObject({ failure: 'profile.conflict', busy: false })
    expect(conflict.saved).toEqual([])
    const broken = profileForm(() => Promise.reject(new ApiError(500, 'boom', { status: 500 })))
    await broken.form.submit()
    expect(broken.form.$form.get().failure).toBe('profile.error')
  })

  it("lists countries by name in the page's language, a saved one outside the list first", () => {
    const french = countryNames('fr', 'FR')
    expect(french[0]).toEqual({ code: 'DE', name: 'Allemagne' })
    expect(french.map((country) => country.code)).toHaveLength(15)
    expect(countryNames('en', 'JP').map((country) => country.code)).toContain('JP')
    expect(countryNames('en', 'FR').map((country) => country.code)).not.toContain('JP')
  })
})

describe('unreachable contacts (docs/decisions/054-messages-on-nodemailer.md)', () => {
  const flagged: Customer = {
    ...ADA,
    profiles: [{ firstname: 'Ada', lastname: 'Lovelace', phone: '+41790000000' }],
    unreachable: ['email', 'phone'],
  }

  it('nothing to ask when the API names nothing', () => {
    expect(unreachableNotices(ADA)).toEqual([])
    expect(unreachableNotices({ ...ADA, unreachable: [] })).toEqual([])
  })

  it('asks about the phone first, with the number, then the e-mail', () => {
    expect(unreachableNotices(flagged)).toEqual([
      { contact: 'phone', phone: '+41790000000' },
      { contact: 'email', email: 'ada@example.com' },
    ])
  })

  it('a save with a new phone leaves only what the saved customer still names', async () => {
    const saved: Customer[] = []
    const form = createProfileForm(flagged, {
      api: {
        profileUpdate: async () => ({
          ...flagged,
          profiles: [{ firstname: 'Ada', lastname: 'Lovelace', phone: '+41791111111' }],
          unreachable: ['email'],
        }),
      },
      onSaved: (customer) => saved.push(customer),
    })
    form.type('phone', '+41791111111')
    expect(await form.submit()).toBe('sent')
    expect(saved.map(unreachableNotices)).toEqual([
      [{ contact: 'email', email: 'ada@example.com' }],
    ])
  })
})

function passwordForm(ok: boolean) {
  const calls: string[] = []
  const form = createPasswordForm({
    passwordSet: async (input) => {
      calls.push(`set ${input.body.password}`)
      return ok
    },
    passwordUpdate: async (input) => {
      calls.push(`update ${input.body.oldPassword} ${input.body.newPassword}`)
      return ok
    },
  })
  return { form, calls }
}

describe('password form (docs/product/2-screens.md /profile)', () => {
  it('asks the current password unless the account has none', () => {
    const values = { current: '', next: 'long enough', confirm: 'long enough' }
    expect(passwordErrors(values, false)).toEqual({ current: 'form.required' })
    expect(passwordErrors(values, true)).toEqual({})
    expect(passwordErrors({ ...values, confirm: 'other' }, true)).toEqual({
      confirm: 'form.passwordMismatch',
    })
  })

  it('changes the password, then empties the fields', async () => {
    const { form, calls } = passwordForm(true)
    form.type('current', 'old password')
    form.type('next', 'new password')
    form.type('confirm', 'new password')
    expect(await form.submit(false)).toBe('sent')
    expect(calls).toEqual(['update old password new password'])
    expect(form.$form.get()).toMatchObject({
      values: { current: '', next: '', confirm: '' },
      success: 'profile.passwordChanged',
      busy: false,
    })
  })

  it('sets a first password without a current one', async () => {
    const { form, calls } = passwordForm(true)
    form.type('next', 'new password')
    form.type('confirm', 'new password')
    expect(await form.submit(true)).toBe('sent')
    expect(calls).toEqual(['set new password'])
  })

  it('a refusal keeps what was typed and says so', async () => {
    const { form } = passwordForm(false)
    form.type('current', 'wrong')
    form.type('next', 'new password')
    form.type('confirm', 'new password')
    expect(await form.submit(false)).toBe('failed')
    expect(form.$form.get()).toMatchObject({
      values: { current: 'wrong' },
      failure: 'profile.passwordError',
      busy: false,
    })
  })

  it('short or unconfirmed: nothing is sent', async () => {
    const { form, calls } = passwordForm(true)
    form.type('next', 'short')
    expect(await form.submit(true)).toBe('invalid')
    expect(form.$form.get().errors).toEqual({
      next: 'form.passwordTooShort',
      confirm: 'form.required',
    })
    expect(calls).toEqual([])
  })
})
