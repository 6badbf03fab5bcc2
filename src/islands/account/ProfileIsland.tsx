import { type FormEvent, useRef, useState } from 'react'
import type { Customer } from '../../contract/customer'
import {
  collectErrors,
  confirmError,
  type Errors,
  type FieldErrorKey,
  passwordError,
  phoneError,
  requiredError,
} from '../../domain/account/validation'
import { errorMessage } from '../../i18n/error-messages'
import type { AppTranslator } from '../../i18n/messages'
import { islandApi } from '../shared/island-api'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { AccountForm, reportErrors } from './AccountForm'
import { logoutCustomer } from './account-session'
import { Field, FormStatus, PasswordField } from './Field'
import type { AccountLinks } from './links'
import { NewPasswordFields, passwordMessage } from './NewPasswordFields'
import { Loading, SignedOut } from './SignedOut'
import { useCustomer } from './use-customer'

interface Props extends TranslatedProps {
  links: AccountLinks
  shopOn: boolean
}

/** spec §2 /profile: who is signed in, the account pages, the profile and password forms, logout. */
export default function ProfileIsland({ links, shopOn, ...props }: Props) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const [state, update] = useCustomer()
  if (!mounted || state.status === 'loading') return <Loading t={t} />
  if (state.status === 'signed-out') return <SignedOut t={t} links={links} />
  const { customer } = state
  const profile = customer.profiles[0]
  const name = [profile?.firstname, profile?.lastname].filter(Boolean).join(' ') || customer.email
  return (
    <div className="account-grid">
      <div className="account-card">
        <h2>{t.t('profile.greeting', { name })}</h2>
        <p>{t.t('profile.signedInAs', { email: customer.email })}</p>
        <nav aria-label={t.t('profile.title')}>
          <ul className="account-links">
            <li>
              <a href={links.orders}>{t.t('nav.myOrders')}</a>
            </li>
            {shopOn && (
              <li>
                <a href={links.eshopOrders}>{t.t('nav.shopOrders')}</a>
              </li>
            )}
            <li>
              <a href={links.loyalty}>{t.t('nav.loyalty')}</a>
            </li>
          </ul>
        </nav>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void logoutCustomer(links.home)}
        >
          {t.t('nav.logout')}
        </button>
      </div>
      <ProfileForm t={t} customer={customer} onSaved={update} />
      <PasswordForm
        t={t}
        customer={customer}
        onSet={() => update({ ...customer, noPass: false })}
      />
    </div>
  )
}

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

function countryNames(
  locale: string,
  current: string | undefined,
): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' })
  const codes = current && !COUNTRIES.includes(current) ? [current, ...COUNTRIES] : COUNTRIES
  return codes
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, locale))
}

type ProfileFields = 'firstname' | 'lastname' | 'phone' | 'city' | 'country'

function ProfileForm({
  t,
  customer,
  onSaved,
}: {
  t: AppTranslator
  customer: Customer
  onSaved(c: Customer): void
}) {
  const profile = customer.profiles[0]
  const form = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<Record<ProfileFields, string>>({
    firstname: profile?.firstname ?? '',
    lastname: profile?.lastname ?? '',
    phone: profile?.phone ?? '',
    city: profile?.city ?? '',
    country: profile?.country ?? 'FR',
  })
  const [errors, setErrors] = useState<Errors<ProfileFields>>({})
  const [failure, setFailure] = useState<string>()
  const [saved, setSaved] = useState<string>()
  const [busy, setBusy] = useState(false)
  const set = (field: ProfileFields) => (value: string) => setValues({ ...values, [field]: value })
  const message = (key: FieldErrorKey | undefined) => (key ? t.t(key) : undefined)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFailure(undefined)
    setSaved(undefined)
    const found = collectErrors<ProfileFields>({
      firstname: requiredError(values.firstname),
      lastname: requiredError(values.lastname),
      phone: phoneError(values.phone, false),
      city: undefined,
      country: undefined,
    })
    if (reportErrors(found, setErrors, form.current)) return
    setBusy(true)
    try {
      const user = await islandApi.users.profileUpdate({
        body: {
          firstname: values.firstname.trim(),
          lastname: values.lastname.trim(),
          phone: values.phone.trim() || undefined,
          city: values.city.trim() || undefined,
          country: values.country || undefined,
        },
      })
      onSaved(user)
      setSaved(t.t('profile.saved'))
    } catch (error) {
      // spec §5/§8: a 'Conflict' is code 409, shown with its own message
      setFailure(errorMessage(error, t, 'profile'))
    }
    setBusy(false)
  }

  return (
    <AccountForm ref={form} card busy={busy} onSubmit={submit}>
      <h2>{t.t('profile.personalInfo')}</h2>
      <Field
        label={t.t('profile.firstname')}
        name="given-name"
        autoComplete="given-name"
        required
        value={values.firstname}
        onValue={set('firstname')}
        error={message(errors.firstname)}
      />
      <Field
        label={t.t('profile.lastname')}
        name="family-name"
        autoComplete="family-name"
        required
        value={values.lastname}
        onValue={set('lastname')}
        error={message(errors.lastname)}
      />
      <Field
        label={t.t('profile.phone')}
        type="tel"
        name="tel"
        autoComplete="tel"
        inputMode="tel"
        value={values.phone}
        onValue={set('phone')}
        error={message(errors.phone)}
      />
      <Field
        label={t.t('profile.city')}
        name="city"
        autoComplete="address-level2"
        value={values.city}
        onValue={set('city')}
      />
      <div className="account-field">
        <label htmlFor="account-country">{t.t('profile.country')}</label>
        <select
          id="account-country"
          name="country"
          autoComplete="country"
          value={values.country}
          onChange={(event) => set('country')(event.currentTarget.value)}
        >
          {countryNames(t.locale, values.country).map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <FormStatus error={failure} success={saved} />
      <button className="button" type="submit" disabled={busy}>
        {t.t('profile.save')}
      </button>
    </AccountForm>
  )
}

type PasswordFields = 'current' | 'next' | 'confirm'

function PasswordForm({
  t,
  customer,
  onSet,
}: {
  t: AppTranslator
  customer: Customer
  onSet(): void
}) {
  const form = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<Record<PasswordFields, string>>({
    current: '',
    next: '',
    confirm: '',
  })
  const [errors, setErrors] = useState<Errors<PasswordFields>>({})
  const [failure, setFailure] = useState<string>()
  const [done, setDone] = useState<string>()
  const [busy, setBusy] = useState(false)
  const set = (field: PasswordFields) => (value: string) => setValues({ ...values, [field]: value })
  const message = (key: FieldErrorKey | undefined) => passwordMessage(t, key)
  const noPass = customer.noPass

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFailure(undefined)
    setDone(undefined)
    const found = collectErrors<PasswordFields>({
      current: noPass ? undefined : requiredError(values.current),
      next: passwordError(values.next),
      confirm: confirmError(values.next, values.confirm),
    })
    if (reportErrors(found, setErrors, form.current)) return
    setBusy(true)
    const ok = noPass
      ? await islandApi.users.passwordSet({ body: { password: values.next } })
      : await islandApi.users.passwordUpdate({
          body: { oldPassword: values.current, newPassword: values.next },
        })
    setBusy(false)
    if (!ok) {
      setFailure(t.t('profile.passwordError'))
      return
    }
    setValues({ current: '', next: '', confirm: '' })
    setDone(t.t('profile.passwordChanged'))
    if (noPass) onSet()
  }

  return (
    <AccountForm ref={form} card busy={busy} onSubmit={submit}>
      <h2>{noPass ? t.t('auth.setPassword') : t.t('profile.changePassword')}</h2>
      {noPass && <p>{t.t('auth.noPass')}</p>}
      <input type="hidden" name="username" autoComplete="username" value={customer.email} />
      {!noPass && (
        <PasswordField
          t={t}
          label={t.t('auth.currentPassword')}
          name="current-password"
          autoComplete="current-password"
          required
          value={values.current}
          onValue={set('current')}
          error={message(errors.current)}
        />
      )}
      <NewPasswordFields
        t={t}
        label={t.t('auth.newPassword')}
        password={values.next}
        confirm={values.confirm}
        onPassword={set('next')}
        onConfirm={set('confirm')}
        errors={{ password: errors.next, confirm: errors.confirm }}
      />
      <FormStatus error={failure} success={done} />
      <button className="button" type="submit" disabled={busy}>
        {noPass ? t.t('auth.setPassword') : t.t('profile.changePassword')}
      </button>
    </AccountForm>
  )
}
