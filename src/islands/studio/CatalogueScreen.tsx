import { useId, useMemo, useState } from 'react'
import type { ArticleRecord } from '#contract/article'
import { lineName } from '#domain/cart/line-name'
import { CatalogueWarnings } from './CatalogueWarnings'
import { CategoriesEditor } from './CategoriesEditor'
import { Loading, Retry } from './ReadState'
import { ServiceForm } from './ServiceForm'
import { type ServiceRow, ServicesTable } from './ServicesTable'
import { useStudioText } from './studio-text'
import { useCatalogue, useServiceCategoryWrites } from './use-catalogue'

/**
 * The services and what keeps them from being booked (docs/decisions/083-catalogue-checks.md).
 * The owner edits them; a manager reads them and the warnings of their shops.
 */
export function CatalogueScreen({
  owner,
  shopIds,
}: {
  owner: boolean
  shopIds: readonly string[]
}) {
  const { t, locale } = useStudioText()
  const id = useId()
  const catalogue = useCatalogue()
  const categoryWrites = useServiceCategoryWrites()
  const [editing, setEditing] = useState<{ base?: ArticleRecord } | undefined>()
  const nameOf = useMemo(() => {
    const byId = new Map(catalogue.services.map((a) => [a.id, a]))
    return (serviceId: string) => {
      const a = byId.get(serviceId)
      if (!a) return serviceId
      return lineName({ name: a.name.fr ?? a.slug, names: a.name }, locale)
    }
  }, [catalogue.services, locale])
  const warnings = catalogue.warnings.filter(
    (w) => owner || (w.shopId !== undefined && shopIds.includes(w.shopId)),
  )
  const rows = useMemo<ServiceRow[]>(
    () =>
      catalogue.services.map((article) => ({
        article,
        name: nameOf(article.id),
        shops: catalogue.shops.filter((s) => s.articles.some((a) => a.id === article.id)).length,
        warnings: warnings.filter((w) => w.serviceId === article.id).length,
      })),
    [catalogue.services, catalogue.shops, warnings, nameOf],
  )
  if (catalogue.failed) {
    return <Retry message={t('studio.catalogue.loadError')} onRetry={catalogue.retry} />
  }
  if (catalogue.pending) return <Loading message={t('studio.loading')} />
  return (
    <>
      <h1>{t('studio.catalogue.heading')}</h1>
      <section aria-labelledby={`${id}-checks`}>
        <h2 id={`${id}-checks`}>{t('studio.catalogue.checksHeading')}</h2>
        <CatalogueWarnings
          warnings={warnings}
          serviceName={nameOf}
          shops={catalogue.shops}
          headingId={`${id}-checks`}
        />
      </section>
      {editing ? (
        <ServiceForm
          key={editing.base?.id ?? 'new'}
          base={editing.base}
          shops={catalogue.shops}
          staff={catalogue.staff}
          categories={catalogue.categories}
          onDone={() => setEditing(undefined)}
        />
      ) : (
        owner && (
          <button type="button" onClick={() => setEditing({})}>
            {t('studio.catalogue.newService')}
          </button>
        )
      )}
      <section aria-labelledby={`${id}-services`}>
        <h2 id={`${id}-services`}>{t('studio.catalogue.servicesHeading')}</h2>
        <ServicesTable rows={rows} onEdit={owner ? (base) => setEditing({ base }) : undefined} />
      </section>
      {owner && (
        <CategoriesEditor
          heading={t('studio.catalogue.categoriesHeading')}
          categories={[...catalogue.categories].sort((a, b) => a.order - b.order)}
          writes={categoryWrites}
          newCategory={(name, slug, order) => ({
            name,
            slug,
            order,
            description: {},
            images: [],
            articles: [],
          })}
        />
      )}
    </>
  )
}
