import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mediaCalls } from '#contract/calls/media'
import type { Media } from '#contract/media'
import { enabledLocales } from '#i18n/paths'
import { islandApi } from '#islands/shared/island-api'
import { sendUpload } from './upload-request'

/**
 * The media library's server state in the studio (docs/decisions/081-media-storage.md), under
 * the studio's root key so a sign-out forgets it (studio-queries.ts forgetStudio).
 */
export const mediaKeys = {
  all: ['studio', 'media'] as const,
  page: (page: number) => ['studio', 'media', 'page', page] as const,
  languages: ['studio', 'media', 'languages'] as const,
}

export const MEDIA_PAGE_SIZE = 24

type Page = { items: Media[]; total: number; page: number; itemPerPage: number }

/** One page of the library, newest first; the previous page stays shown while the next loads. */
export function useMediaPage(page: number) {
  return useQuery({
    queryKey: mediaKeys.page(page),
    queryFn: () =>
      islandApi.media.list({ query: { page: String(page), itemPerPage: String(MEDIA_PAGE_SIZE) } }),
    placeholderData: keepPreviousData,
  })
}

/** The company's languages (booker.langs): an alt text is required in each. */
export function useCompanyLanguages() {
  return useQuery({
    queryKey: mediaKeys.languages,
    queryFn: async () => enabledLocales((await islandApi.companies.me()).booker.langs),
    staleTime: 300_000,
  })
}

/** The pages of the library in the cache, to change a media in all of them at once. */
function patchPages(
  client: ReturnType<typeof useQueryClient>,
  change: (items: Media[]) => Media[],
) {
  client.setQueriesData<Page>({ queryKey: [...mediaKeys.all, 'page'] }, (page) =>
    page ? { ...page, items: change(page.items) } : page,
  )
}

/**
 * The library's writes: an upload (with its progress), an alt edit and a deletion shown at once
 * and put back when the server refuses them.
 */
export function useMediaWrites(onProgress: (fraction: number) => void) {
  const client = useQueryClient()
  const snapshot = () => client.getQueriesData<Page>({ queryKey: [...mediaKeys.all, 'page'] })
  type Snapshot = ReturnType<typeof snapshot>
  const restore = (before: Snapshot | undefined) => {
    for (const [key, data] of before ?? []) client.setQueryData(key, data)
  }
  const settle = () => client.invalidateQueries({ queryKey: [...mediaKeys.all, 'page'] })
  const upload = useMutation({
    mutationFn: (input: { file: File; alt: Record<string, string> }) =>
      sendUpload(mediaCalls.uploadImage, input.file, input.alt, onProgress),
    onSettled: settle,
  })
  const editAlt = useMutation({
    mutationFn: (input: { id: string; alt: Record<string, string> }) =>
      islandApi.media.updateAlt({ params: { id: input.id }, body: { alt: input.alt } }),
    onMutate: async (input) => {
      await client.cancelQueries({ queryKey: mediaKeys.all })
      const before = snapshot()
      patchPages(client, (items) =>
        items.map((m) => (m.id === input.id ? { ...m, alt: input.alt } : m)),
      )
      return { before }
    },
    onError: (_error, _input, context?: { before: Snapshot }) => restore(context?.before),
    onSettled: settle,
  })
  const remove = useMutation({
    mutationFn: (id: string) => islandApi.media.remove({ params: { id } }),
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: mediaKeys.all })
      const before = snapshot()
      patchPages(client, (items) => items.filter((m) => m.id !== id))
      return { before }
    },
    onError: (_error, _id, context?: { before: Snapshot }) => restore(context?.before),
    onSettled: settle,
  })
  return { upload, editAlt, remove }
}
