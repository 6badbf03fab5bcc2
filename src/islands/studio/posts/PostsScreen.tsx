import { useQueryClient } from '@tanstack/react-query'
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table'
import { useCallback, useMemo, useState } from 'react'
import type { Post } from '#contract/post'
import { featuredState, postState } from '#domain/content/post-schedule'
import { Loading, Retry } from '../ReadState'
import { useStudioText } from '../studio-text'
import { TableView } from '../TableView'
import { PostCategories } from './PostCategories'
import { PostEditor } from './PostEditor'
import { postKeys } from './post-queries'
import type { PickedImage } from './RichTextEditor'
import { useLivePage } from './use-live-page'
import { usePosts } from './use-posts'

const column = createColumnHelper<Post>()

/**
 * The magazine (docs/decisions/082-post-preview.md): every post, drafts and scheduled ones
 * included, with its state and featured window; writing one; the categories. Owners and
 * managers: the server refuses a practitioner.
 */
export function PostsScreen({
  onInsertImage,
}: {
  /** the media library's picker, once wired */
  onInsertImage?: (() => Promise<PickedImage | undefined>) | undefined
}) {
  const { t, locale } = useStudioText()
  const client = useQueryClient()
  const { posts, categories, locales, save, remove, preview } = usePosts()
  const live = useLivePage()
  const [editing, setEditing] = useState<Post | 'new'>()
  // the table's data and columns keep their identity between renders, as TanStack Table needs
  const now = useMemo(() => (posts.data ? Date.now() : 0), [posts.data])
  const title = useCallback(
    (p: Post) => p.title[locale as 'fr'] || Object.values(p.title).find(Boolean) || p.slug,
    [locale],
  )
  const data = useMemo(
    () => [...(posts.data ?? [])].sort((a, b) => title(a).localeCompare(title(b))),
    [posts.data, title],
  )
  const { mutate: removePost } = remove
  const { reset: resetLive } = live
  const columns = useMemo(
    () => [
      column.accessor(title, { id: 'title', header: t('studio.posts.titleField') }),
      column.accessor((p) => t(`studio.posts.state.${postState(p, now)}`), {
        id: 'state',
        header: t('studio.posts.stateColumn'),
      }),
      column.accessor((p) => t(`studio.posts.window.${featuredState(p.vedette, now)}`), {
        id: 'featured',
        header: t('studio.posts.featured'),
      }),
      column.display({
        id: 'actions',
        header: t('studio.posts.actions'),
        cell: ({ row }) => (
          <span className="studio-post-row-actions">
            <button
              type="button"
              onClick={() => {
                resetLive()
                setEditing(row.original)
              }}
            >
              {t('studio.posts.edit', { title: title(row.original) })}
            </button>
            <button type="button" onClick={() => removePost(row.original.id)}>
              {t('studio.posts.remove', { title: title(row.original) })}
            </button>
          </span>
        ),
      }),
    ],
    [t, now, title, removePost, resetLive],
  )
  const table = useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (p) => p.id,
  })
  if (posts.isError || locales.isError) {
    return (
      <Retry
        message={t('studio.posts.loadError')}
        onRetry={() => void Promise.all([posts.refetch(), locales.refetch()])}
      />
    )
  }
  if (!posts.data || !locales.data) return <Loading message={t('studio.loading')} />
  return (
    <>
      <h1>{t('studio.posts.heading')}</h1>
      {remove.isError && <p role="alert">{t('studio.posts.removeError')}</p>}
      {posts.data.length === 0 ? (
        <p>{t('studio.posts.empty')}</p>
      ) : (
        <div className="studio-table">
          <TableView table={table} />
        </div>
      )}
      {editing === undefined ? (
        <p>
          <button
            type="button"
            onClick={() => {
              live.reset()
              setEditing('new')
            }}
          >
            {t('studio.posts.new')}
          </button>
        </p>
      ) : (
        <PostEditor
          key={editing === 'new' ? 'new' : editing.id}
          post={editing === 'new' ? undefined : editing}
          locales={locales.data}
          categories={categories.data ?? []}
          onInsertImage={onInsertImage}
          onClose={() => {
            setEditing(undefined)
            void client.invalidateQueries({ queryKey: postKeys.posts })
          }}
          actions={{
            save: (id, body) => save.mutateAsync({ id, body }),
            previewToken: async (id) => (await preview.mutateAsync(id)).previewToken,
            watch: live.watch,
            live: live.state,
          }}
        />
      )}
      <PostCategories locales={locales.data} />
    </>
  )
}
