import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Post } from '#contract/post'
import { enabledLocales } from '#i18n/index'
import { islandApi } from '#islands/shared/island-api'
import { type PostDraft, postKeys } from './post-queries'

/**
 * The posts, their categories and the company's languages, with the writes. Every post the API
 * gives a company user, drafts included (its bearer goes with the list). A save answers the
 * post as kept (its body cleaned by the server); a removal takes the row off at once and puts
 * it back when the server refuses.
 */
export function usePosts() {
  const client = useQueryClient()
  const posts = useQuery({ queryKey: postKeys.posts, queryFn: () => islandApi.content.postsList() })
  const categories = useQuery({
    queryKey: postKeys.categories,
    queryFn: () => islandApi.content.postCategoriesList(),
  })
  const locales = useQuery({
    queryKey: postKeys.company,
    queryFn: async () => enabledLocales((await islandApi.companies.me()).booker.langs),
    staleTime: 300_000,
  })
  const save = useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: PostDraft }) =>
      id === undefined
        ? islandApi.content.postsCreate({ body })
        : islandApi.content.postsUpdate({ params: { id }, body }),
    onSuccess: (saved) =>
      client.setQueryData<Post[]>(postKeys.posts, (list) => [
        ...(list ?? []).filter((p) => p.id !== saved.id),
        saved,
      ]),
    onSettled: () => client.invalidateQueries({ queryKey: postKeys.posts }),
  })
  const remove = useMutation({
    mutationFn: (id: string) => islandApi.content.postsRemove({ params: { id } }),
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: postKeys.posts })
      const before = client.getQueryData<Post[]>(postKeys.posts)
      client.setQueryData<Post[]>(postKeys.posts, (list) => list?.filter((p) => p.id !== id))
      return { before }
    },
    onError: (_error, _id, context?: { before: Post[] | undefined }) =>
      client.setQueryData(postKeys.posts, context?.before),
    onSettled: () => client.invalidateQueries({ queryKey: postKeys.posts }),
  })
  const preview = useMutation({
    mutationFn: (id: string) => islandApi.content.postsPreviewCreate({ params: { id } }),
  })
  return { posts, categories, locales, save, remove, preview }
}
