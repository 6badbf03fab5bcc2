import { useStore } from '@nanostores/react'
import { type FormEvent, type Ref, useRef, useState } from 'react'
import type { Customer } from '#contract/customer'
import type { FieldErrorKey } from '#domain/account/validation'
import type { AppTranslator, MessageKey } from '#i18n/messages'
import { islandApi } from '../shared/island-api'
import { AccountForm } from './AccountForm'
import { Field, FormStatus, focusFirstInvalid } from './Field'
import { countryNames, createProfileForm } from './profile-state'

interface ProfileFormProps {
  t: AppTranslator
  customer: Customer
  onSaved(customer: Customer): void
  /** the phone input, which the page's unreachable-phone notice focuses */
  phoneRef?: Ref<HTMLInputElement>
}

/** The personal details of the profile page; state and rules in profile-state.ts. */
export function ProfileForm({ t, customer, onSaved, phoneRef }: ProfileFormProps) {
  const form = useRef<HTMLFormElement>(null)
  const [store] = useState(() => createProfileForm(customer, { api: islandApi.users, onSaved }))
  const { values, errors, busy, failure, success } = useStore(store.$form)
  const message = (key: FieldErrorKey | undefined) => (key ? t.t(key) : undefined)
  const words = (key: MessageKey | undefined) => (key ? t.t(key) : undefined)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if ((await store.submit()) === 'invalid') focusFirstInvalid(form.current)
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
        onValue={(value) => store.type('firstname', value)}
        error={message(errors.firstname)}
      />
      <Field
        label={t.t('profile.lastname')}
        name="family-name"
        autoComplete="family-name"
        required
        value={values.lastname}
        onValue={(value) => store.type('lastname', value)}
        error={message(errors.lastname)}
      />
      <Field
        ref={phoneRef}
        label={t.t('profile.phone')}
        type="tel"
        name="tel"
        autoComplete="tel"
        inputMode="tel"
        value={values.phone}
        onValue={(value) => store.type('phone', value)}
        error={message(errors.phone)}
      />
      <Field
        label={t.t('profile.city')}
        name="city"
        autoComplete="address-level2"
        value={values.city}
        onValue={(value) => store.type('city', value)}
      />
      <div className="account-field">
        <label htmlFor="account-country">{t.t('profile.country')}</label>
        <select
          id="account-country"
          name="country"
          autoComplete="country"
          value={values.country}
          onChange={(event) => store.type('country', event.currentTarget.value)}
        >
          {countryNames(t.locale, values.country).map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <FormStatus error={words(failure)} success={words(success)} />
      <button className="button" type="submit" disabled={busy}>
        {t.t('profile.save')}
      </button>
    </AccountForm>
  )
}
