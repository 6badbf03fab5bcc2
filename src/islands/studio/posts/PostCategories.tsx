import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import type { TranslatedText } from '#contract/common'
import type { PostCategory } from '#contract/post'
import { isSlug, slugFromTitle } from '#domain/content/post-editing'
import type { Locale } from '#i18n/index'
import { islandApi } from '#islands/shared/island-api'
import { useStudioText } from '../studio-text'
import { postKeys } from './post-queries'

/**
 * The magazine's categories: their names in each enabled language and their slug, added or
 * removed (a removal disappears at once and comes back when the server refuses). Each write
 * publishes a `post-categories` event, as any content write.
 */
export function PostCategories({ locales }: { locales: readonly Locale[] }) {
  const { t, locale } = useStudioText()
  const id = useId()
  const client = useQueryClient()
  const list = useQuery({
    queryKey: postKeys.categories,
    queryFn: () => islandApi.content.postCategoriesList(),
  })
  const [name, setName] = useState<TranslatedText>({})
  const [slug, setSlug] = useState('')
  const create = useMutation({
    mutationFn: () => {
      const order = (list.data ?? []).length
      return islandApi.content.postCategoriesCreate({ body: { slug, name, order } })
    },
    onSuccess: () => {
      setName({})
      setSlug('')
    },
    onSettled: () => client.invalidateQueries({ queryKey: postKeys.categories }),
  })
  const remove = useMutation({
    mutationFn: (categoryId: string) =>
      islandApi.content.postCategoriesRemove({ params: { id: categoryId } }),
    onMutate: async (categoryId) => {
      await client.cancelQueries({ queryKey: postKeys.categories })
      const before = client.getQueryData<PostCategory[]>(postKeys.categories)
      client.setQueryData<PostCategory[]>(postKeys.categories, (all) =>
        all?.filter((c) => c.id !== categoryId),
      )
      return { before }
    },
    onError: (_e, _id, context?: { before: PostCategory[] | undefined }) =>
      client.setQueryData(postKeys.categories, context?.before),
    onSettled: () => client.invalidateQueries({ queryKey: postKeys.categories }),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate()
  }
  const label = (c: PostCategory) =>
    c.name[locale as 'fr'] || Object.values(c.name).find(Boolean) || c.slug
  const first = locales.map((code) => name[code]).find(Boolean) ?? ''
  return (
    <section className="studio-post-categories" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('studio.posts.categories')}</h2>
      {list.isError && <p role="alert">{t('studio.posts.loadError')}</p>}
      {(create.isError || remove.isError) && <p role="alert">{t('studio.posts.saveError')}</p>}
      <ul>
        {(list.data ?? []).map((c) => (
          <li key={c.id}>
            {label(c)}{' '}
            <button type="button" onClick={() => remove.mutate(c.id)}>
              {t('studio.posts.remove', { title: label(c) })}
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit}>
        {locales.map((code) => (
          <span key={code}>
            <label htmlFor={`${id}-${code}`}>
              {t('studio.posts.categoryName', { language: t(`studio.posts.language.${code}`) })}
            </label>
            <input
              id={`${id}-${code}`}
              value={name[code] ?? ''}
              onChange={(e) => setName({ ...name, [code]: e.target.value })}
            />
          </span>
        ))}
        <label htmlFor={`${id}-slug`}>{t('studio.posts.slug')}</label>
        <input
          id={`${id}-slug`}
          value={slug}
          onFocus={() => slug === '' && setSlug(slugFromTitle(first))}
          onChange={(e) => setSlug(e.target.value)}
        />
        <button type="submit" disabled={create.isPending || !isSlug(slug) || first === ''}>
          {t('studio.posts.addCategory')}
        </button>
      </form>
    </section>
  )
}
