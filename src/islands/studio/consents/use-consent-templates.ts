import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { SERVICE_ARTICLE_TYPES } from '#contract/article'
import type { ConsentTemplate, ConsentTemplateBody } from '#contract/consent'
import { islandApi } from '#islands/shared/island-api'
import { consentKeys } from './consent-queries'

/**
 * The owner's templates (docs/decisions/080-consent-record.md): the list, the services they may
 * be written for, and the writes. A save answers the template with its new version; archiving
 * takes the template off the list at once and puts it back when the server refuses.
 */
export function useConsentTemplates() {
  const client = useQueryClient()
  const templates = useQuery({
    queryKey: consentKeys.templates,
    queryFn: () => islandApi.consents.list(),
  })
  const services = useQuery({
    queryKey: consentKeys.services,
    queryFn: async () => {
      const articles = await islandApi.articles.list({ query: {} })
      return articles.filter((a) => (SERVICE_ARTICLE_TYPES as readonly string[]).includes(a.type))
    },
    staleTime: 300_000,
  })
  const save = useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: ConsentTemplateBody }) =>
      id === undefined
        ? islandApi.consents.create({ body })
        : islandApi.consents.update({ params: { id }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: consentKeys.templates }),
  })
  const archive = useMutation({
    mutationFn: (id: string) => islandApi.consents.remove({ params: { id } }),
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: consentKeys.templates })
      const before = client.getQueryData<ConsentTemplate[]>(consentKeys.templates)
      client.setQueryData<ConsentTemplate[]>(consentKeys.templates, (list) =>
        list?.filter((x) => x.id !== id),
      )
      return { before }
    },
    onError: (_error, _id, context?: { before: ConsentTemplate[] | undefined }) => {
      client.setQueryData(consentKeys.templates, context?.before)
    },
    onSettled: () => client.invalidateQueries({ queryKey: consentKeys.templates }),
  })
  return { templates, services, save, archive }
}
