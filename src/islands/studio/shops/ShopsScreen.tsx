import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { DEFAULT_CUTTING_HOURS } from '#contract/constants'
import { lineName } from '#domain/cart/line-name'
import { mayEditCatalogue } from '#domain/studio/catalogue-roles'
import type { StudioScope } from '#domain/studio/roles'
import { enabledLocales } from '#i18n/index'
import { islandApi } from '#islands/shared/island-api'
import type { PickedImage } from '../posts/RichTextEditor'
import { Loading, Retry } from '../ReadState'
import { useStudioText } from '../studio-text'
import { catalogueKeys, useCatalogue } from '../use-catalogue'
import { ShopCreateForm } from './ShopCreateForm'
import { ShopDetail } from './ShopDetail'
import { removalRefusal } from './ShopRemove'
import { useRemoveShop } from './use-shops-team'

/**
 * Shops and team (docs/decisions/087-studio-shops-and-team.md): the shops the user may edit
 * (the owner every one, a manager theirs: decision 083's rule, which the server applies too),
 * and the chosen one's form. The catalogue's warnings are the catalogue screen's, computed from
 * the same cached lists, so a saved shop or resource is checked at once. The owner also creates
 * and removes shops (docs/decisions/094-shop-lifecycle.md); the removal runs here, so a shop the
 * server keeps comes back chosen, with the reason.
 */
export function ShopsScreen({
  scope,
  onPickImage,
}: {
  scope: StudioScope
  onPickImage?: (() => Promise<PickedImage | undefined>) | undefined
}) {
  const { t, locale } = useStudioText()
  const catalogue = useCatalogue()
  const remove = useRemoveShop()
  // the catalogue's read of the company (cached): its languages and its booking grid
  const company = useQuery({
    queryKey: catalogueKeys.company,
    queryFn: () => islandApi.companies.me(),
  })
  const locales = company.data ? enabledLocales(company.data.booker.langs) : (['fr'] as const)
  const cuttingHours = company.data?.booker.appointment?.cuttingHours ?? DEFAULT_CUTTING_HOURS
  const owner = scope.role === 'owner'
  const editable = catalogue.shops.filter((s) => mayEditCatalogue(scope, { shops: [s.id] }))
  const [chosen, setChosen] = useState<string | undefined>()
  const [creating, setCreating] = useState(false)
  const services = useMemo(
    () =>
      catalogue.services.map((a) => ({
        id: a.id,
        name: lineName({ name: a.name.fr ?? a.slug, names: a.name }, locale),
      })),
    [catalogue.services, locale],
  )
  if (catalogue.failed) {
    return <Retry message={t('studio.shops.loadError')} onRetry={catalogue.retry} />
  }
  if (catalogue.pending) return <Loading message={t('studio.loading')} />
  const shop =
    editable.find((s) => s.id === chosen) ?? (editable.length === 1 ? editable[0] : undefined)
  const choose = (id: string) => {
    setCreating(false)
    remove.reset()
    setChosen(id)
  }
  return (
    <>
      <h1>{t('studio.shops.heading')}</h1>
      <div role="status" className="studio-shop-removal">
        {remove.isSuccess && <p>{t('studio.shops.removal.done')}</p>}
      </div>
      {remove.isError && (
        <p role="alert" className="studio-error">
          {t(`studio.shops.removal.refused.${removalRefusal(remove.error)}`)}
        </p>
      )}
      {editable.length === 0 ? (
        <p>{t('studio.shops.none')}</p>
      ) : (
        <nav aria-label={t('studio.shops.listLabel')} className="studio-shop-list">
          <ul>
            {editable.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  aria-current={!creating && s.id === shop?.id ? 'true' : undefined}
                  onClick={() => choose(s.id)}
                >
                  {s.publicInfo.name}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {owner && !creating && (
        <div className="studio-shop-tools">
          <button type="button" onClick={() => setCreating(true)}>
            {t('studio.shops.create.open')}
          </button>
        </div>
      )}
      {creating ? (
        <ShopCreateForm
          shops={catalogue.shops}
          onCreated={(created) => choose(created.id)}
          onCancel={() => setCreating(false)}
        />
      ) : (
        shop && (
          <ShopDetail
            key={shop.id}
            shop={shop}
            shops={catalogue.shops}
            resources={catalogue.staff}
            services={services}
            warnings={catalogue.warnings}
            owner={owner}
            locales={locales}
            cuttingHours={cuttingHours}
            onPickImage={onPickImage}
            removal={{
              pending: remove.isPending,
              onRemove: () => remove.mutate(shop.id, { onSuccess: () => setChosen(undefined) }),
            }}
          />
        )
      )}
    </>
  )
}
