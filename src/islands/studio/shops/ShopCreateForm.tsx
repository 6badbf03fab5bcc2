import { type FormEvent, useId, useMemo, useState } from 'react'
import { ApiError } from '#api/errors'
import { DEFAULT_TIME_ZONE } from '#contract/constants'
import type { Shop } from '#contract/shop'
import { slugFromTitle } from '#domain/content/post-editing'
import { type NewShopDraft, type NewShopError, newShopBody } from '#domain/studio/new-shop'
import { useStudioText } from '../studio-text'
import { useCreateShop } from './use-shops-team'

const EMPTY: NewShopDraft = {
  name: '',
  slug: '',
  address: { address: '', zipcode: '', city: '', country: '' },
  phone: '',
  email: '',
  timeZone: DEFAULT_TIME_ZONE,
}

/** The zones the browser knows (the server checks the same way), the default first. */
function zones(): readonly string[] {
  const known = Intl.supportedValuesOf?.('timeZone') ?? []
  return [DEFAULT_TIME_ZONE, ...known.filter((zone) => zone !== DEFAULT_TIME_ZONE)]
}

/** The server's refusals that name a field: the same words as the form's own check. */
function refusalOf(error: unknown): NewShopError | undefined {
  if (!(error instanceof ApiError)) return undefined
  if (error.type === 'slugTaken') return { field: 'slug', reason: 'taken' }
  if (error.type === 'slugReserved') return { field: 'slug', reason: 'reserved' }
  return undefined
}

/** The words of a field to fix (one per field and reason). */
function errorKey(error: NewShopError) {
  switch (error.field) {
    case 'slug':
      return `studio.shops.create.error.slug.${error.reason}` as const
    case 'email':
    case 'timeZone':
      return `studio.shops.create.error.${error.field}.invalid` as const
    default:
      return `studio.shops.create.error.${error.field}.missing` as const
  }
}

/**
 * A new shop, the owner's (docs/decisions/094-shop-lifecycle.md): what the site needs to list it
 * (name, its page's address, its postal address), how to reach it and its time zone. It opens
 * closed to online booking; the screen then shows its form, whose checks say what it lacks.
 */
export function ShopCreateForm({
  shops,
  onCreated,
  onCancel,
}: {
  shops: readonly Shop[]
  onCreated: (shop: Shop) => void
  onCancel: () => void
}) {
  const { t } = useStudioText()
  const id = useId()
  const create = useCreateShop()
  const [draft, setDraft] = useState<NewShopDraft>(EMPTY)
  const [slugTyped, setSlugTyped] = useState(false)
  const [error, setError] = useState<NewShopError | undefined>()
  const timeZones = useMemo(zones, [])
  const shown = error ?? refusalOf(create.error)
  const setName = (name: string) =>
    setDraft({ ...draft, name, ...(slugTyped ? {} : { slug: slugFromTitle(name) }) })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = newShopBody(draft, shops)
    if ('error' in result) return setError(result.error)
    setError(undefined)
    create.mutate(result.body, { onSuccess: onCreated })
  }
  const invalid = (field: NewShopError['field']) =>
    shown?.field === field ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {}
  const text = (
    name: 'phone' | 'email',
    label: string,
    type: 'tel' | 'email',
    autoComplete: string,
  ) => (
    <label>
      {label}
      <input
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={draft[name]}
        {...(name === 'email' ? invalid('email') : {})}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
      />
    </label>
  )
  const line = (name: keyof NewShopDraft['address'], label: string) => (
    <label>
      {label}
      <input
        name={name}
        value={draft.address[name]}
        {...(name === 'city' ? invalid('city') : {})}
        onChange={(e) =>
          setDraft({ ...draft, address: { ...draft.address, [name]: e.target.value } })
        }
      />
    </label>
  )
  return (
    <form className="studio-catalogue-form" aria-labelledby={`${id}-heading`} onSubmit={submit}>
      <h2 id={`${id}-heading`}>{t('studio.shops.create.heading')}</h2>
      <p className="studio-hint">{t('studio.shops.create.hint')}</p>
      <fieldset>
        <legend>{t('studio.shops.create.identity')}</legend>
        <label>
          {t('studio.shops.create.name')}
          <input
            name="name"
            required
            value={draft.name}
            {...invalid('name')}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label>
          {t('studio.shops.create.slug')}
          <input
            name="slug"
            required
            value={draft.slug}
            {...invalid('slug')}
            onChange={(e) => {
              setSlugTyped(true)
              setDraft({ ...draft, slug: e.target.value })
            }}
          />
        </label>
        <label>
          {t('studio.shops.create.timeZone')}
          <select
            name="timeZone"
            value={draft.timeZone}
            onChange={(e) => setDraft({ ...draft, timeZone: e.target.value })}
          >
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      <fieldset>
        <legend>{t('studio.shops.address.legend')}</legend>
        {line('address', t('studio.shops.address.street'))}
        {line('zipcode', t('studio.shops.address.zipcode'))}
        {line('city', t('studio.shops.address.city'))}
        {line('country', t('studio.shops.address.country'))}
        {text('phone', t('studio.shops.address.phone'), 'tel', 'tel')}
        {text('email', t('studio.shops.create.email'), 'email', 'email')}
      </fieldset>
      {shown && (
        <p role="alert" id={`${id}-error`} className="studio-error">
          {t(errorKey(shown))}
        </p>
      )}
      {create.isError && !shown && (
        <p role="alert" className="studio-error">
          {t('studio.shops.create.saveError')}
        </p>
      )}
      <div className="studio-catalogue-actions">
        <button type="submit" disabled={create.isPending}>
          {t('studio.shops.create.submit')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('studio.shops.cancel')}
        </button>
      </div>
    </form>
  )
}
