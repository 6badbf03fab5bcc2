import { type FormEvent, useId, useState } from 'react'
import type { EshopCategory } from '#contract/eshop'
import { lineName } from '#domain/cart/line-name'
import { reorderCategories } from '#domain/studio/product-form'
import { FORM_LANGUAGES, type LanguageCode, slugOf } from '#domain/studio/service-form'
import { useStudioText } from './studio-text'
import { useCategoryWrites } from './use-products'

type Names = Partial<Record<LanguageCode, string>>

/**
 * The e-shop's categories, in the site's order (docs/decisions/088-studio-products-and-service-options.md):
 * the owner creates, renames (a name per language) and moves them; products join one from
 * their own form. A refused change puts the list back as it was.
 */
export function EshopCategoriesEditor({ categories }: { categories: readonly EshopCategory[] }) {
  const { t, locale } = useStudioText()
  const id = useId()
  const writes = useCategoryWrites()
  const [editing, setEditing] = useState<{ category?: EshopCategory; names: Names } | undefined>()
  const nameOf = (c: EshopCategory) =>
    lineName({ name: c.name.fr ?? c.slug, names: c.name }, locale)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!editing) return
    const name = Object.fromEntries(
      Object.entries(editing.names).filter(([, v]) => v !== undefined && v.trim() !== ''),
    )
    if (!name.fr) return
    const base = editing.category
    const body = base
      ? { slug: base.slug, order: base.order, articles: base.articles, name }
      : {
          slug: slugOf(name.fr) || 'categorie',
          order: categories.length + 1,
          articles: [],
          name,
        }
    writes.mutate([base ? { id: base.id, body } : { body }], {
      onSuccess: () => setEditing(undefined),
    })
  }
  const move = (categoryId: string, step: -1 | 1) =>
    writes.mutate(reorderCategories(categories, categoryId, step))
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('studio.products.categoriesHeading')}</h2>
      <ol className="studio-eshop-categories">
        {categories.map((c, index) => (
          <li key={c.id}>
            <span>{nameOf(c)}</span>
            <button
              type="button"
              disabled={index === 0 || writes.isPending}
              onClick={() => move(c.id, -1)}
            >
              {t('studio.products.moveUp', { name: nameOf(c) })}
            </button>
            <button
              type="button"
              disabled={index === categories.length - 1 || writes.isPending}
              onClick={() => move(c.id, 1)}
            >
              {t('studio.products.moveDown', { name: nameOf(c) })}
            </button>
            <button type="button" onClick={() => setEditing({ category: c, names: { ...c.name } })}>
              {t('studio.products.rename', { name: nameOf(c) })}
            </button>
          </li>
        ))}
      </ol>
      {writes.isError && (
        <p role="alert" className="studio-error">
          {t('studio.products.categoryError')}
        </p>
      )}
      {editing ? (
        <form onSubmit={submit} className="studio-category-form" aria-labelledby={`${id}-f`}>
          <h3 id={`${id}-f`}>
            {t(editing.category ? 'studio.products.renameHeading' : 'studio.products.newCategory')}
          </h3>
          {FORM_LANGUAGES.map((lang) => (
            <label key={lang}>
              {t(`studio.catalogue.language.${lang}`)}
              <input
                name={`category-${lang}`}
                required={lang === 'fr'}
                value={editing.names[lang] ?? ''}
                onChange={(e) =>
                  setEditing({ ...editing, names: { ...editing.names, [lang]: e.target.value } })
                }
              />
            </label>
          ))}
          <button type="submit" disabled={writes.isPending}>
            {t('studio.catalogue.save')}
          </button>
          <button type="button" onClick={() => setEditing(undefined)}>
            {t('studio.catalogue.cancel')}
          </button>
        </form>
      ) : (
        <button type="button" onClick={() => setEditing({ names: {} })}>
          {t('studio.products.newCategory')}
        </button>
      )}
    </section>
  )
}
