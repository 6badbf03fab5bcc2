import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { SERVICE_ARTICLE_TYPES } from '#contract/article'
import type { Shop } from '#contract/shop'
import { lineName } from '#domain/cart/line-name'
import { islandApi } from '#islands/shared/island-api'
import { useStudioText } from './studio-text'

export interface DeskServiceChoice {
  readonly id: string
  readonly name: string
  /** minutes */
  readonly duration: number
}

const SERVICE_TYPES: readonly string[] = SERVICE_ARTICLE_TYPES

/** The services the shop books (its articles with a duration), named in the studio's language. */
export function useDeskServices(shop: Shop) {
  const { locale } = useStudioText()
  const articles = useQuery({
    queryKey: ['studio', 'services'],
    queryFn: () => islandApi.articles.list({ query: {} }),
    staleTime: 300_000,
  })
  const services = useMemo<DeskServiceChoice[]>(() => {
    const atShop = new Set(shop.articles.map((a) => a.id))
    return (articles.data ?? []).flatMap((a) => {
      if (!atShop.has(a.id) || !SERVICE_TYPES.includes(a.type) || !a.duration) return []
      const names: Record<string, string> = {}
      for (const [language, value] of Object.entries(a.name)) if (value) names[language] = value
      const name = lineName({ name: names.fr ?? Object.values(names)[0] ?? a.slug, names }, locale)
      return [{ id: a.id, name, duration: a.duration }]
    })
  }, [articles.data, shop.articles, locale])
  return { services, pending: articles.isPending, failed: articles.isError }
}
