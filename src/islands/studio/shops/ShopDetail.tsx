import { type ReactNode, useId, useState } from 'react'
import type { Resource } from '#contract/resource'
import type { Shop } from '#contract/shop'
import type { CatalogueWarning } from '#domain/studio/catalogue-checks'
import { shopGaps } from '#domain/studio/shop-gaps'
import { warningChanges } from '#domain/studio/warning-changes'
import type { Locale } from '#i18n/index'
import { CatalogueWarnings } from '../CatalogueWarnings'
import type { PickedImage } from '../posts/RichTextEditor'
import { useStudioText } from '../studio-text'
import type { ServiceChoice } from './ResourceForm'
import { ShopAddressForm } from './ShopAddressForm'
import { ShopDaysForm } from './ShopDaysForm'
import { ShopHoursForm } from './ShopHoursForm'
import { ShopImagesForm } from './ShopImagesForm'
import { ShopRemove } from './ShopRemove'
import { TeamPanel } from './TeamPanel'
import { useSaveShop } from './use-shops-team'

/**
 * One shop's form in sections (docs/decisions/087-studio-shops-and-team.md): what keeps its
 * services from being booked, then its address and position, hours, days and team. Before each
 * save the warnings are remembered; after it, the screen says which services the change left
 * unbookable and which it made bookable again (the check runs on the saved lists at once).
 * Its pictures, and for the owner its removal (docs/decisions/094-shop-lifecycle.md), close it.
 */
export function ShopDetail({
  shop,
  shops,
  resources,
  services,
  warnings,
  owner,
  locales,
  cuttingHours,
  onPickImage,
  removal,
}: {
  shop: Shop
  shops: readonly Shop[]
  resources: readonly Resource[]
  services: readonly ServiceChoice[]
  warnings: readonly CatalogueWarning[]
  owner: boolean
  locales: readonly Locale[]
  cuttingHours: number
  onPickImage?: (() => Promise<PickedImage | undefined>) | undefined
  /** the owner's: the screen removes the shop */
  removal?: { readonly pending: boolean; readonly onRemove: () => void } | undefined
}) {
  const { t } = useStudioText()
  const id = useId()
  const save = useSaveShop()
  const [baseline, setBaseline] = useState<readonly CatalogueWarning[] | undefined>()
  const remember = () => setBaseline(warnings)
  const saveShop = (next: Shop) => {
    remember()
    save.mutate(next)
  }
  const changes = baseline ? warningChanges(baseline, warnings) : { added: [], fixed: [] }
  const nameOf = (serviceId: string) => services.find((s) => s.id === serviceId)?.name ?? serviceId
  const here = warnings.filter((w) => w.shopId === shop.id)
  const gaps = shopGaps(shop, resources, cuttingHours)
  const section = (key: string, heading: string, body: ReactNode) => (
    <section aria-labelledby={`${id}-${key}`} className="studio-shop-section">
      <h2 id={`${id}-${key}`}>{heading}</h2>
      {body}
    </section>
  )
  return (
    <div className="studio-shop-detail">
      <div role="status" className="studio-shop-changes">
        {changes.added.length > 0 && (
          <>
            <p>{t('studio.shops.changes.unbookable')}</p>
            <CatalogueWarnings
              warnings={changes.added}
              serviceName={nameOf}
              shops={shops}
              headingId={`${id}-checks`}
            />
          </>
        )}
        {changes.fixed.length > 0 && <p>{t('studio.shops.changes.fixed')}</p>}
        {save.isSuccess && <p>{t('studio.shops.saved')}</p>}
      </div>
      {save.isError && (
        <p role="alert" className="studio-error">
          {t('studio.shops.saveError')}
        </p>
      )}
      {section(
        'checks',
        t('studio.shops.checksHeading'),
        <>
          {gaps.length > 0 && (
            <ul className="studio-checks">
              {gaps.map((gap) => (
                <li key={gap}>{t(`studio.shops.gaps.${gap}`)}</li>
              ))}
            </ul>
          )}
          <CatalogueWarnings
            warnings={here}
            serviceName={nameOf}
            shops={shops}
            headingId={`${id}-checks`}
          />
        </>,
      )}
      {section(
        'address',
        t('studio.shops.addressHeading'),
        <ShopAddressForm shop={shop} onSave={saveShop} saving={save.isPending} />,
      )}
      {section(
        'hours',
        t('studio.shops.hoursHeading'),
        <ShopHoursForm shop={shop} onSave={saveShop} saving={save.isPending} />,
      )}
      {section(
        'days',
        t('studio.shops.daysHeading'),
        <ShopDaysForm shopId={shop.id} owner={owner} />,
      )}
      {section(
        'team',
        t('studio.shops.teamHeading'),
        <TeamPanel
          shopId={shop.id}
          resources={resources}
          services={services}
          onBeforeSave={remember}
        />,
      )}
      {section(
        'images',
        t('studio.shops.images.heading'),
        <ShopImagesForm
          shop={shop}
          locales={locales}
          onSave={saveShop}
          saving={save.isPending}
          onPick={onPickImage}
        />,
      )}
      {owner &&
        removal &&
        section(
          'removal',
          t('studio.shops.removal.heading'),
          <ShopRemove shop={shop} pending={removal.pending} onRemove={removal.onRemove} />,
        )}
    </div>
  )
}
