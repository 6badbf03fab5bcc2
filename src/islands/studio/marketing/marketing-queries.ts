import { useQuery } from '@tanstack/react-query'
import { SERVICE_ARTICLE_TYPES } from '#contract/article'
import type { TranslatedText } from '#contract/common'
import { enabledLocales } from '#i18n/index'
import { islandApi } from '#islands/shared/island-api'
import { studioKeys } from '../studio-queries'

/** The marketing screen's cache keys, under the studio's (forgotten at sign-out). */
export const marketingKeys = {
  alerts: ['studio', 'marketing', 'alerts'] as const,
  events: ['studio', 'marketing', 'events'] as const,
  coupons: ['studio', 'marketing', 'coupons'] as const,
  services: ['studio', 'marketing', 'services'] as const,
}

/** A translated text in the studio's language, else its first written language. */
export function textIn(text: TranslatedText, locale: string): string {
  const own = (text as Record<string, string | undefined>)[locale]
  return own || Object.values(text).find((v) => v && v.trim() !== '') || ''
}

/**
 * The company as the owner reads it (the theme editor's query: one cache entry) and its
 * languages: every translated field has one input per enabled language.
 */
export function useCompany() {
  const company = useQuery({
    queryKey: studioKeys.company,
    queryFn: async () => {
      const [own] = await islandApi.companies.list()
      if (!own) throw new Error('no company')
      return own
    },
  })
  const locales = company.data ? enabledLocales(company.data.booker.langs) : []
  return { company, locales }
}

/** The services an alert's reserve button may book. */
export function useServices() {
  const types: readonly string[] = SERVICE_ARTICLE_TYPES
  return useQuery({
    queryKey: marketingKeys.services,
    queryFn: async () => {
      const all = await islandApi.articles.artebeaute({ query: {} })
      return all.filter((article) => types.includes(article.type))
    },
    staleTime: 300_000,
  })
}
