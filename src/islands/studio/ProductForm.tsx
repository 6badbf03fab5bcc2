import { type FormEvent, useId, useState } from 'react'
import type { ArticleRecord } from '#contract/article'
import type { EshopCategory } from '#contract/eshop'
import { type ProductFormValues, productFormOf } from '#domain/studio/product-form'
import { CategorySelect, LanguageFields } from './CatalogueFields'
import { ImageUrlField } from './ImageUrlField'
import { useStudioText } from './studio-text'
import { ProductFieldError, useSaveProduct } from './use-products'
import { WeekPriceField } from './WeekPriceField'

/**
 * A product's name and description in each language, price and week price (decision 092), pictures, on sale or not, stock
 * counted or not, and its e-shop category (docs/decisions/088-studio-products-and-service-options.md).
 * A field in error is named before anything is sent; a refusal keeps what was typed.
 */
export function ProductForm({
  base,
  categories,
  onDone,
}: {
  base?: ArticleRecord | undefined
  categories: readonly EshopCategory[]
  onDone: (saved?: ArticleRecord) => void
}) {
  const { t } = useStudioText()
  const id = useId()
  const [values, setValues] = useState<ProductFormValues>(() => productFormOf(base))
  const before = base
    ? (categories.find((c) => c.articles.some((a) => a.id === base.id))?.id ?? '')
    : ''
  const [category, setCategory] = useState(before)
  const save = useSaveProduct(categories)
  const set = (change: Partial<ProductFormValues>) => setValues((v) => ({ ...v, ...change }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const input = { values, category }
    save.mutate(base ? { ...input, base } : input, { onSuccess: (saved) => onDone(saved) })
  }
  const error = save.error
  const message =
    error instanceof ProductFieldError
      ? t(`studio.products.fieldErrors.${error.field}`)
      : error
        ? t('studio.products.saveError')
        : undefined
  const images = values.images.length > 0 ? values.images : ['']
  return (
    <form className="studio-product-form" onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>
        {t(base ? 'studio.products.editHeading' : 'studio.products.newHeading')}
      </h2>
      <LanguageFields kind="name" values={values.names} onChange={(names) => set({ names })} />
      <LanguageFields
        kind="description"
        values={values.descriptions}
        onChange={(descriptions) => set({ descriptions })}
      />
      <CategorySelect
        label={t('studio.products.category')}
        none={t('studio.products.noCategory')}
        value={category}
        categories={categories}
        onChange={setCategory}
      />
      <label>
        {t('studio.products.price')}
        <input
          name="price"
          inputMode="decimal"
          value={values.price}
          onChange={(e) => set({ price: e.target.value })}
        />
      </label>
      <WeekPriceField
        value={values.weekPrice}
        invalid={error instanceof ProductFieldError && error.field === 'weekPrice'}
        onChange={(weekPrice) => set({ weekPrice })}
      />
      <fieldset>
        <legend>{t('studio.products.images')}</legend>
        {images.map((url, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fields are only added at the end
          <div className="studio-image-field" key={index}>
            <ImageUrlField
              label={t('studio.products.image', { n: index + 1 })}
              value={url || undefined}
              onChange={(next) =>
                set({ images: images.map((u, i) => (i === index ? (next ?? '') : u)) })
              }
            />
          </div>
        ))}
        <button type="button" onClick={() => set({ images: [...images, ''] })}>
          {t('studio.products.addImage')}
        </button>
      </fieldset>
      <label className="studio-check">
        <input
          type="checkbox"
          name="onSale"
          checked={values.onSale}
          onChange={(e) => set({ onSale: e.target.checked })}
        />
        {t('studio.products.onSale')}
      </label>
      <label className="studio-check">
        <input
          type="checkbox"
          name="tracked"
          checked={values.tracked}
          onChange={(e) => set({ tracked: e.target.checked })}
        />
        {t('studio.products.tracked')}
      </label>
      {message && (
        <p role="alert" className="studio-error">
          {message}
        </p>
      )}
      <div className="studio-catalogue-actions">
        <button type="submit" disabled={save.isPending}>
          {t('studio.catalogue.save')}
        </button>
        <button type="button" onClick={() => onDone()}>
          {t('studio.catalogue.cancel')}
        </button>
      </div>
    </form>
  )
}
