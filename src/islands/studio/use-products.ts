import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ArticleRecord } from '#contract/article'
import type { EshopCategory, ShopStock } from '#contract/eshop'
import {
  categoryMoves,
  type ProductFormError,
  type ProductFormValues,
  productBodyOf,
} from '#domain/studio/product-form'
import { islandApi } from '#islands/shared/island-api'
import { studioKeys } from './studio-queries'
import { useCategoryWrites } from './use-category-writes'

export const productKeys = {
  products: ['studio', 'products'] as const,
  categories: ['studio', 'eshop-categories'] as const,
  stock: (id: string) => ['studio', 'shop-stock', id] as const,
}

/**
 * The e-shop as the studio edits it (docs/decisions/088-studio-products-and-service-options.md):
 * products with drafts, e-shop categories and the shops.
 */
export function useProducts() {
  const articles = useQuery({
    queryKey: productKeys.products,
    // the stored records, week price apart: the form writes both back (decision 092)
    queryFn: () => islandApi.articles.records({ query: { type: '2' } }),
  })
  const categories = useQuery({
    queryKey: productKeys.categories,
    queryFn: () => islandApi.eshop.categories(),
  })
  const shops = useQuery({ queryKey: studioKeys.shops, queryFn: () => islandApi.shops.list() })
  return {
    products: (articles.data ?? []).filter((a) => a.type === '2'),
    categories: [...(categories.data ?? [])].sort((a, b) => a.order - b.order),
    shops: shops.data ?? [],
    failed: articles.isError || categories.isError || shops.isError,
    pending: articles.isPending || categories.isPending || shops.isPending,
    retry: () => Promise.all([articles.refetch(), categories.refetch(), shops.refetch()]),
  }
}

/** A field the form must correct before anything is sent. */
export class ProductFieldError extends Error {
  constructor(readonly field: ProductFormError) {
    super(field)
  }
}

/**
 * Saves a product then its e-shop category: nothing is shown as saved before the server says
 * so, and a refusal keeps the form as typed. Each write publishes a rebuild (decision 059).
 */
export function useSaveProduct(categories: readonly EshopCategory[]) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (input: {
      values: ProductFormValues
      category: string
      base?: ArticleRecord
    }) => {
      const made = productBodyOf(input.values, input.base)
      if ('error' in made) throw new ProductFieldError(made.error)
      const saved = input.base
        ? await islandApi.articles.update({ params: { id: input.base.id }, body: made.body })
        : await islandApi.articles.create({ body: made.body })
      for (const move of categoryMoves(categories, saved, input.category)) {
        await islandApi.eshop.updateCategory({ params: { id: move.id }, body: move.body })
      }
      return saved
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: productKeys.products }),
        client.invalidateQueries({ queryKey: productKeys.categories }),
      ]),
  })
}

/** A product's units per shop, those the user may see. */
export function useShopStock(productId: string) {
  return useQuery({
    queryKey: productKeys.stock(productId),
    queryFn: () => islandApi.eshop.shopStock({ params: { id: productId } }),
  })
}

/** Sets a shop's units: shown at once, put back as it was when the server refuses. */
export function useSetShopStock(productId: string) {
  const client = useQueryClient()
  const key = productKeys.stock(productId)
  return useMutation({
    mutationFn: (units: ShopStock) =>
      islandApi.eshop.setShopStock({ params: { id: productId }, body: units }),
    onMutate: async (units) => {
      await client.cancelQueries({ queryKey: key })
      const before = client.getQueryData<ShopStock[]>(key)
      client.setQueryData<ShopStock[]>(key, (rows = []) => [
        ...rows.filter((r) => r.shopId !== units.shopId),
        units,
      ])
      return { before }
    },
    onError: (_e, _units, context?: { before: ShopStock[] | undefined }) =>
      client.setQueryData(key, context?.before),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  })
}

/** E-shop categories' writes (create, rename, reorder), each a content write that publishes. */
export const useEshopCategoryWrites = () =>
  useCategoryWrites<EshopCategory>(productKeys.categories, ({ id, body }) =>
    id
      ? islandApi.eshop.updateCategory({ params: { id }, body })
      : islandApi.eshop.createCategory({ body }),
  )
