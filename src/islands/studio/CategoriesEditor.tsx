import type { UseMutationResult } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import type { TranslatedText } from '#contract/common'
import { lineName } from '#domain/cart/line-name'
import { reorderCategories } from '#domain/studio/product-form'
import { FORM_LANGUAGES, type LanguageCode, slugOf } from '#domain/studio/service-form'
import { useStudioText } from './studio-text'
import type { CategoryWrite } from './use-category-writes'

type Names = Partial<Record<LanguageCode, string>>

interface Named {
  readonly id: string
  readonly slug: string
  readonly order: number
  readonly name: TranslatedText
}

/**
 * Service or e-shop categories, in the site's order
 * (docs/decisions/088-studio-products-and-service-options.md): the owner creates, renames (a
 * name per language) and moves them; services and products join one from their own form. A
 * refused change puts the list back as it was.
 */
export function CategoriesEditor<C extends Named>({
  heading,
  categories,
  writes,
  newCategory,
}: {
  heading: string
  categories: readonly C[]
  writes: UseMutationResult<void, Error, readonly CategoryWrite<C>[], unknown>
  /** a new category's body, from its names, its address and its place at the end */
  newCategory: (name: TranslatedText, slug: string, order: number) => Omit<C, 'id'>
}) {
  const { t, locale } = useStudioText()
  const id = useId()
  const [editing, setEditing] = useState<{ category?: C; names: Names } | undefined>()
  const nameOf = (c: C) => lineName({ name: c.name.fr ?? c.slug, names: c.name }, locale)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!editing) return
    const name = Object.fromEntries(
      Object.entries(editing.names).filter(([, v]) => v !== undefined && v.trim() !== ''),
    )
    if (!name.fr) return
    const base = editing.category
    const next = (): CategoryWrite<C> => {
      if (!base)
        return {
          body: newCategory(name, slugOf(name.fr ?? '') || 'categorie', categories.length + 1),
        }
      const { id: baseId, ...kept } = base
      return { id: baseId, body: { ...kept, name } }
    }
    writes.mutate([next()], {
      onSuccess: () => setEditing(undefined),
    })
  }
  const move = (categoryId: string, step: -1 | 1) =>
    writes.mutate(reorderCategories(categories, categoryId, step))
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{heading}</h2>
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
