import { type FormEvent, useId, useState } from 'react'
import type { Article } from '#contract/article'
import type { Category } from '#contract/category'
import type { Resource } from '#contract/resource'
import type { Shop } from '#contract/shop'
import { lineName } from '#domain/cart/line-name'
import { FORM_LANGUAGES, type ServiceFormValues, serviceFormOf } from '#domain/studio/service-form'
import { ServiceConsentNote } from './ServiceConsentNote'
import { ServiceShops } from './ServiceShops'
import { useStudioText } from './studio-text'
import { FieldError, useSaveService } from './use-catalogue'

/**
 * A service's name and description in each language, minutes, list price, published or draft,
 * and the shops offering it online with their own price (docs/decisions/083-catalogue-checks.md).
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
  base?: Article | undefined
  shops: readonly Shop[]
  staff: readonly Resource[]
  onDone: () => void
}) {
  const { t, locale } = useStudioText()
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
      <fieldset>
        <legend>{t('studio.catalogue.names')}</legend>
        {FORM_LANGUAGES.map((lang) => (
          <label key={lang}>
            {t(`studio.catalogue.language.${lang}`)}
            <input
              name={`name-${lang}`}
              value={values.names[lang] ?? ''}
              required={lang === 'fr'}
              onChange={(e) => set({ names: { ...values.names, [lang]: e.target.value } })}
            />
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('studio.catalogue.descriptions')}</legend>
        {FORM_LANGUAGES.map((lang) => (
          <label key={lang}>
            {t(`studio.catalogue.language.${lang}`)}
            <textarea
              name={`description-${lang}`}
              rows={2}
              value={values.descriptions[lang] ?? ''}
              onChange={(e) =>
                set({ descriptions: { ...values.descriptions, [lang]: e.target.value } })
              }
            />
          </label>
        ))}
      </fieldset>
      <label>
        {t('studio.catalogue.category')}
        <select name="category" value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">{t('studio.catalogue.noCategory')}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {lineName({ name: c.name.fr ?? c.slug, names: c.name }, locale)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('studio.catalogue.duration')}
        <input
          name="duration"
          inputMode="numeric"
          value={values.duration}
          onChange={(e) => set({ duration: e.target.value })}
        />
      </label>
      <label>
        {t('studio.catalogue.price')}
        <input
          name="price"
          inputMode="decimal"
          value={values.price}
          onChange={(e) => set({ price: e.target.value })}
        />
      </label>
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
