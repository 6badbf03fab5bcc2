import type { Api } from '#api/index'
import type { Customer } from '#contract/customer'
import {
  collectErrors,
  confirmError,
  type Errors,
  passwordError,
  phoneError,
  requiredError,
} from '#domain/account/validation'
import { errorKey } from '#i18n/error-messages'
import { createFormStore, type FormStore, type SubmitOutcome } from './form-store'

/**
 * The profile page's two forms (docs/product/2-screens.md /profile): the personal details and the password (set
 * for an account made without one, else changed). Pure state over an injected client; the views
 * are ProfileForm.tsx and PasswordForm.tsx.
 */

/** The countries offered first in the profile's list; a saved country outside it is added. */
const COUNTRIES = [
  'FR',
  'BE',
  'CH',
  'LU',
  'MC',
  'DE',
  'AT',
  'ES',
  'IT',
  'PT',
  'NL',
  'GB',
  'IE',
  'US',
  'CA',
]

/** The country list in the page's language, sorted by name in that language. */
export function countryNames(
  locale: string,
  current: string | undefined,
): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' })
  const codes = current && !COUNTRIES.includes(current) ? [current, ...COUNTRIES] : COUNTRIES
  return codes
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, locale))
}

export type ProfileFields = 'firstname' | 'lastname' | 'phone' | 'city' | 'country'

export function profileValues(customer: Customer): Record<ProfileFields, string> {
  const profile = customer.profiles[0]
  return {
    firstname: profile?.firstname ?? '',
    lastname: profile?.lastname ?? '',
    phone: profile?.phone ?? '',
    city: profile?.city ?? '',
    country: profile?.country ?? 'FR',
  }
}

/** Names are required; a phone is optional but must be one. */
export function profileErrors(values: Record<ProfileFields, string>): Errors<ProfileFields> {
  return collectErrors<ProfileFields>({
    firstname: requiredError(values.firstname),
    lastname: requiredError(values.lastname),
    phone: phoneError(values.phone, false),
    city: undefined,
    country: undefined,
  })
}

/** A contact of the customer's the company's messages could not reach for good. */
export type UnreachableNotice =
  | { contact: 'phone'; phone: string }
  | { contact: 'email'; email: string }

/**
 * What the profile page asks the customer to correct (docs/decisions/054-messages-on-nodemailer.md):
 * the phone first, which the form below changes, then the e-mail, which only the salon changes.
 * Read from the customer the API answered last, so a save with a new phone clears its notice.
 */
export function unreachableNotices(customer: Customer): UnreachableNotice[] {
  const unreachable = customer.unreachable ?? []
  const notices: UnreachableNotice[] = []
  if (unreachable.includes('phone')) {
    notices.push({ contact: 'phone', phone: customer.profiles[0]?.phone ?? '' })
  }
  if (unreachable.includes('email')) notices.push({ contact: 'email', email: customer.email })
  return notices
}

export interface ProfileDeps {
  api: Pick<Api['users'], 'profileUpdate'>
  /** the customer as the API saved it */
  onSaved(customer: Customer): void
}

export interface ProfileFormStore extends FormStore<ProfileFields> {
  submit(): Promise<SubmitOutcome>
}

export function createProfileForm(customer: Customer, deps: ProfileDeps): ProfileFormStore {
  const form = createFormStore(profileValues(customer))
  const submit = async (): Promise<SubmitOutcome> => {
    const { values } = form.$form.get()
    if (!form.check(profileErrors(values))) return 'invalid'
    try {
      const user = await deps.api.profileUpdate({
        body: {
          firstname: values.firstname.trim(),
          lastname: values.lastname.trim(),
          phone: values.phone.trim() || undefined,
          city: values.city.trim() || undefined,
          country: values.country || undefined,
        },
      })
      deps.onSaved(user)
      form.done({ success: 'profile.saved' })
      return 'sent'
    } catch (error) {
      // docs/product/5-rules.md, docs/product/8-errors.md: a 'Conflict' is code 409, shown with its own message
      form.fail(errorKey(error, 'profile'))
      return 'failed'
    }
  }
  return { ...form, submit }
}

export type PasswordFields = 'current' | 'next' | 'confirm'

const NO_PASSWORDS: Record<PasswordFields, string> = { current: '', next: '', confirm: '' }

/** `noPass`: an account made without a password sets one, without a current one to give. */
export function passwordErrors(
  values: Record<PasswordFields, string>,
  noPass: boolean,
): Errors<PasswordFields> {
  return collectErrors<PasswordFields>({
    current: noPass ? undefined : requiredError(values.current),
    next: passwordError(values.next),
    confirm: confirmError(values.next, values.confirm),
  })
}

export interface PasswordFormStore extends FormStore<PasswordFields> {
  /** 'sent' with `noPass`: the account has a password now (the view tells the customer's state) */
  submit(noPass: boolean): Promise<SubmitOutcome>
}

export function createPasswordForm(
  api: Pick<Api['users'], 'passwordSet' | 'passwordUpdate'>,
): PasswordFormStore {
  const form = createFormStore(NO_PASSWORDS)
  const submit = async (noPass: boolean): Promise<SubmitOutcome> => {
    const { values } = form.$form.get()
    if (!form.check(passwordErrors(values, noPass))) return 'invalid'
    // docs/product/8-errors.md: both calls answer false on any failure, which has one message here
    const ok = noPass
      ? await api.passwordSet({ body: { password: values.next } })
      : await api.passwordUpdate({
          body: { oldPassword: values.current, newPassword: values.next },
        })
    if (!ok) {
      form.fail('profile.passwordError')
      return 'failed'
    }
    form.done({ success: 'profile.passwordChanged', values: NO_PASSWORDS })
    return 'sent'
  }
  return { ...form, submit }
}
