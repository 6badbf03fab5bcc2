import { type FormEvent, useId, useState } from 'react'
import type { ArticleRecord } from '#contract/article'
import type { Category } from '#contract/category'
import type { Resource } from '#contract/resource'
import type { Shop } from '#contract/shop'
import { type ServiceFormValues, serviceFormOf } from '#domain/studio/service-form'
import { CategorySelect, LanguageFields } from './CatalogueFields'
import { ServiceConsentNote } from './ServiceConsentNote'
import { ServicePriceFields } from './ServicePriceFields'
import { ServiceShops } from './ServiceShops'
import { useStudioText } from './studio-text'
import { FieldError, useSaveService } from './use-catalogue'

/**
 * A service's name and description in each language, minutes, list price and week price, booked
 * online or at the salon only (decision 092), published or draft, and the shops offering it online with their own price (docs/decisions/083-catalogue-checks.md).
 * A field in error is named before anything is sent; a refusal keeps what was typed.
 */
export function ServiceForm({
  base,
  shops,
  staff,
  categories,
  onDone,
}: {
  categories: readonly Category[]
  base?: ArticleRecord | undefined
  shops: readonly Shop[]
  staff: readonly Resource[]
  onDone: () => void
}) {
  const { t } = useStudioText()
  const id = useId()
  const [values, setValues] = useState<ServiceFormValues>(() => serviceFormOf(base, shops))
  const [performers, setPerformers] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(
      staff.map((r) => [r.id, base !== undefined && r.services.includes(base.id)]),
    ),
  )
  const listedIn = base
    ? categories.find((c) => c.articles.some((a) => a.id === base.id))
    : undefined
  const before = listedIn?.id ?? ''
  const [category, setCategory] = useState(before)
  const save = useSaveService(shops, staff)
  const set = (change: Partial<ServiceFormValues>) => setValues((v) => ({ ...v, ...change }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const move = { before, after: category }
    const input = { values, performers, category: move }
    save.mutate(base ? { ...input, base } : input, {
      onSuccess: onDone,
    })
  }
  const error = save.error
  const message =
    error instanceof FieldError
      ? t(`studio.catalogue.fieldErrors.${error.field}`)
      : error
        ? t('studio.catalogue.saveError')
        : undefined
  return (
    <form className="studio-catalogue-form" onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>
        {t(base ? 'studio.catalogue.editHeading' : 'studio.catalogue.newHeading')}
      </h2>
      <LanguageFields kind="name" values={values.names} onChange={(names) => set({ names })} />
      <LanguageFields
        kind="description"
        values={values.descriptions}
        onChange={(descriptions) => set({ descriptions })}
      />
      <CategorySelect
        label={t('studio.catalogue.category')}
        none={t('studio.catalogue.noCategory')}
        value={category}
        categories={categories}
        onChange={setCategory}
      />
      <label>
        {t('studio.catalogue.duration')}
        <input
          name="duration"
          inputMode="numeric"
          value={values.duration}
          onChange={(e) => set({ duration: e.target.value })}
        />
      </label>
      <ServicePriceFields
        values={values}
        onChange={set}
        weekPriceInvalid={error instanceof FieldError && error.field === 'weekPrice'}
      />
      <label className="studio-check">
        <input
          type="checkbox"
          name="published"
          checked={values.published}
          onChange={(e) => set({ published: e.target.checked })}
        />
        {t('studio.catalogue.publish')}
      </label>
      <ServiceConsentNote serviceId={base?.id} />
      <ServiceShops
        shops={shops}
        staff={staff}
        offers={values.shops}
        onChange={(s) => set({ shops: s })}
        performers={performers}
        onPerformers={setPerformers}
      />
      {message && (
        <p role="alert" className="studio-error">
          {message}
        </p>
      )}
      <div className="studio-catalogue-actions">
        <button type="submit" disabled={save.isPending}>
          {t('studio.catalogue.save')}
        </button>
        <button type="button" onClick={onDone}>
          {t('studio.catalogue.cancel')}
        </button>
      </div>
    </form>
  )
}
