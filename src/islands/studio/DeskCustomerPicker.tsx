import { useId, useState } from 'react'
import type { DeskNewCustomer } from '#contract/desk'
import { customerName } from '#domain/studio/customer-name'
import { useStudioText } from './studio-text'
import { useCustomerSearch } from './use-customer-search'

/** Either a customer found by the search (their back-office id) or one to create. */
export type DeskCustomerChoice =
  | { readonly kind: 'existing'; readonly id: string }
  | { readonly kind: 'new'; readonly customer: DeskNewCustomer }

const EMPTY: DeskNewCustomer = { firstname: '', lastname: '', phone: '', email: '' }

/**
 * The customer of a desk booking (docs/decisions/077-desk-booking.md): the existing customer
 * search, its answers as radio buttons, or a new customer's name, phone and e-mail (no
 * password). Native fields in fieldsets, for keyboards and readers.
 */
export function DeskCustomerPicker({
  onChange,
}: {
  onChange: (choice?: DeskCustomerChoice) => void
}) {
  const { t } = useStudioText()
  const id = useId()
  const [mode, setMode] = useState<'existing' | 'new'>('existing')
  const [typed, setTyped] = useState('')
  const [fresh, setFresh] = useState<DeskNewCustomer>(EMPTY)
  const { asked, result, search } = useCustomerSearch()
  const found = asked.filter === '' ? [] : (result.data?.items ?? [])
  const field = (name: keyof DeskNewCustomer, type: string, autoComplete: string) => (
    <p>
      <label htmlFor={`${id}-${name}`}>{t(`studio.desk.${name}`)}</label>
      <input
        id={`${id}-${name}`}
        type={type}
        required
        autoComplete={autoComplete}
        value={fresh[name]}
        onChange={(e) => {
          const next = { ...fresh, [name]: e.target.value }
          setFresh(next)
          onChange({ kind: 'new', customer: next })
        }}
      />
    </p>
  )
  return (
    <fieldset className="studio-desk-customer">
      <legend>{t('studio.desk.customer')}</legend>
      <p>
        {(['existing', 'new'] as const).map((m) => (
          <label key={m}>
            <input
              type="radio"
              name={`${id}-mode`}
              checked={mode === m}
              onChange={() => {
                setMode(m)
                onChange(m === 'new' ? { kind: 'new', customer: fresh } : undefined)
              }}
            />
            {t(m === 'new' ? 'studio.desk.newCustomer' : 'studio.desk.existingCustomer')}
          </label>
        ))}
      </p>
      {mode === 'existing' ? (
        <>
          <p>
            <label htmlFor={`${id}-search`}>{t('studio.desk.search')}</label>
            <input
              id={`${id}-search`}
              type="search"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault()
                  search(typed)
                }
              }}
            />
            <button type="button" onClick={() => search(typed)}>
              {t('studio.desk.searchButton')}
            </button>
          </p>
          {asked.filter !== '' && !result.isFetching && found.length === 0 && (
            <p role="status">{t('studio.desk.noCustomer')}</p>
          )}
          <ul className="studio-desk-found">
            {found.map((c) => (
              <li key={c.artebeauteId}>
                <label>
                  <input
                    type="radio"
                    name={`${id}-found`}
                    onChange={() => onChange({ kind: 'existing', id: c.artebeauteId })}
                  />
                  {customerName(c)} {c.phone ?? ''}
                </label>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          {field('firstname', 'text', 'off')}
          {field('lastname', 'text', 'off')}
          {field('phone', 'tel', 'off')}
          {field('email', 'email', 'off')}
        </>
      )}
    </fieldset>
  )
}
