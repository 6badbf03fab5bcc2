import { useMemo, useState } from 'react'
import { lineName } from '#domain/cart/line-name'
import { mayEditCatalogue } from '#domain/studio/catalogue-roles'
import type { StudioScope } from '#domain/studio/roles'
import { Loading, Retry } from '../ReadState'
import { useStudioText } from '../studio-text'
import { useCatalogue } from '../use-catalogue'
import { ShopDetail } from './ShopDetail'

/**
 * Shops and team (docs/decisions/087-studio-shops-and-team.md): the shops the user may edit
 * (the owner every one, a manager theirs: decision 083's rule, which the server applies too),
 * and the chosen one's form. The catalogue's warnings are the catalogue screen's, computed from
 * the same cached lists, so a saved shop or resource is checked at once.
 */
export function ShopsScreen({ scope }: { scope: StudioScope }) {
  const { t, locale } = useStudioText()
  const catalogue = useCatalogue()
  const editable = catalogue.shops.filter((s) => mayEditCatalogue(scope, { shops: [s.id] }))
  const [chosen, setChosen] = useState<string | undefined>()
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
  return (
    <>
      <h1>{t('studio.shops.heading')}</h1>
      {editable.length === 0 ? (
        <p>{t('studio.shops.none')}</p>
      ) : (
        <nav aria-label={t('studio.shops.listLabel')} className="studio-shop-list">
          <ul>
            {editable.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  aria-current={s.id === shop?.id ? 'true' : undefined}
                  onClick={() => setChosen(s.id)}
                >
                  {s.publicInfo.name}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {shop && (
        <ShopDetail
          key={shop.id}
          shop={shop}
          shops={catalogue.shops}
          resources={catalogue.staff}
          services={services}
          warnings={catalogue.warnings}
          owner={scope.role === 'owner'}
        />
      )}
    </>
  )
}
