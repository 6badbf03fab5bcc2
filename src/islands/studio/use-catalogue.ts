import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { type ArticleRecord, SERVICE_ARTICLE_TYPES } from '#contract/article'
import type { Category } from '#contract/category'
import type { Resource } from '#contract/resource'
import type { Shop } from '#contract/shop'
import { type CatalogueWarning, catalogueWarnings } from '#domain/studio/catalogue-checks'
import {
  offerChanges,
  performerChanges,
  type ServiceFormError,
  type ServiceFormValues,
  serviceBodyOf,
} from '#domain/studio/service-form'
import { islandApi } from '#islands/shared/island-api'
import { studioKeys } from './studio-queries'
import { useCategoryWrites } from './use-category-writes'

const SERVICE_TYPES: readonly string[] = SERVICE_ARTICLE_TYPES
export const catalogueKeys = {
  services: ['studio', 'catalogue', 'services'] as const,
  company: ['studio', 'catalogue', 'company'] as const,
  categories: ['studio', 'catalogue', 'categories'] as const,
}

/** The company's booking settings the checks read; the booking's defaults when unknown. */
const DEFAULT_SETTINGS = { cuttingHours: 30, useCabinManagement: false, equipments: false }

/**
 * The catalogue as the studio edits it (docs/decisions/083-catalogue-checks.md): services with
 * drafts, shops, resources and the company's booking settings, and the warnings of the pure
 * check over them, recomputed whenever one of them changes.
 */
export function useCatalogue() {
  const articles = useQuery({
    queryKey: catalogueKeys.services,
    // the stored records, week price apart: the form writes both back (decision 092)
    queryFn: () => islandApi.articles.records({ query: {} }),
  })
  const shops = useQuery({ queryKey: studioKeys.shops, queryFn: () => islandApi.shops.list() })
  const resources = useQuery({
    queryKey: studioKeys.resources,
    queryFn: () => islandApi.resources.list(),
  })
  const company = useQuery({
    queryKey: catalogueKeys.company,
    queryFn: () => islandApi.companies.me(),
  })
  const categories = useQuery({
    queryKey: catalogueKeys.categories,
    queryFn: () => islandApi.categories.list(),
  })
  const services = useMemo(
    () => (articles.data ?? []).filter((a) => SERVICE_TYPES.includes(a.type)),
    [articles.data],
  )
  const warnings = useMemo<CatalogueWarning[]>(() => {
    const appointment = company.data?.booker.appointment
    const settings = appointment
      ? {
          cuttingHours: appointment.cuttingHours,
          useCabinManagement: appointment.useCabinManagement,
          equipments: appointment.equipments.type === 'active',
        }
      : DEFAULT_SETTINGS
    return catalogueWarnings(services, shops.data ?? [], resources.data ?? [], settings)
  }, [services, shops.data, resources.data, company.data])
  const failed = articles.isError || shops.isError || resources.isError || categories.isError
  const pending =
    articles.isPending || shops.isPending || resources.isPending || categories.isPending
  const retry = () => {
    void articles.refetch()
    void shops.refetch()
    void resources.refetch()
    void categories.refetch()
  }
  const staff = resources.data ?? []
  return {
    services,
    shops: shops.data ?? [],
    staff,
    categories: categories.data ?? [],
    warnings,
    failed,
    pending,
    retry,
  }
}

/**
 * Saves a service then its shops: the article first (created or replaced), then the links of
 * the shops whose offer changed. Nothing is shown as saved before the server says so; a
 * refusal leaves the lists as they were and the form as typed.
 */
export function useSaveService(shops: readonly Shop[], staff: readonly Resource[]) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({
      values,
      performers,
      category,
      base,
    }: {
      /** the category to list it in (its site address); '' none */
      category: { readonly before: string; readonly after: string }
      values: ServiceFormValues
      /** employee id -> performs the service, for the employees shown */
      performers: Readonly<Record<string, boolean>>
      base?: ArticleRecord
    }) => {
      const made = serviceBodyOf(values, base)
      if ('error' in made) throw new FieldError(made.error)
      const saved = base
        ? await islandApi.articles.update({ params: { id: base.id }, body: made.body })
        : await islandApi.articles.create({ body: made.body })
      const { link, unlink } = offerChanges(values, saved.id, shops)
      for (const id of link) {
        await islandApi.shops.linkArticle({ params: { id }, body: { articleId: saved.id } })
      }
      for (const id of unlink) {
        await islandApi.shops.unlinkArticle({ params: { id }, body: { articleId: saved.id } })
      }
      const linked = { params: { id: category.after }, body: { articleId: saved.id } }
      if (category.after !== category.before) {
        const unlinked = { params: { id: category.before }, body: { articleId: saved.id } }
        if (category.before) await islandApi.categories.unlinkArticle(unlinked)
        if (category.after) await islandApi.categories.linkArticle(linked)
      }
      for (const { employee, services } of performerChanges(saved.id, performers, staff)) {
        const { id, ...body } = employee
        await islandApi.resources.update({ params: { id }, body: { ...body, services } })
      }
      return saved
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: catalogueKeys.services }),
        client.invalidateQueries({ queryKey: studioKeys.shops }),
        client.invalidateQueries({ queryKey: studioKeys.resources }),
        client.invalidateQueries({ queryKey: catalogueKeys.categories }),
      ]),
  })
}

/** Service categories' writes (create, rename, reorder; decision 088), each one publishes. */
export const useServiceCategoryWrites = () =>
  useCategoryWrites<Category>(catalogueKeys.categories, ({ id, body }) =>
    id
      ? islandApi.categories.update({ params: { id }, body })
      : islandApi.categories.create({ body }),
  )

/** A field the form must correct before anything is sent. */
export class FieldError extends Error {
  constructor(readonly field: ServiceFormError) {
    super(field)
  }
}
