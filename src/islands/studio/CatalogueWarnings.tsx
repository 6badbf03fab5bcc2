import type { Shop } from '#contract/shop'
import type { CatalogueWarning } from '#domain/studio/catalogue-checks'
import { useStudioText } from './studio-text'

/**
 * The catalogue's mistakes, one sentence each (docs/decisions/083-catalogue-checks.md): what
 * keeps a service from being booked, and where. Names come from the lists the screen read.
 */
export function CatalogueWarnings({
  warnings,
  serviceName,
  shops,
  headingId,
}: {
  warnings: readonly CatalogueWarning[]
  serviceName: (id: string) => string
  shops: readonly Shop[]
  headingId: string
}) {
  const { t } = useStudioText()
  const shopName = (id: string | undefined) =>
    shops.find((s) => s.id === id)?.publicInfo.name ?? id ?? ''
  if (warnings.length === 0) {
    return <p className="studio-checks-clear">{t('studio.catalogue.noWarnings')}</p>
  }
  return (
    <ul className="studio-checks" aria-labelledby={headingId}>
      {warnings.map((w) => (
        <li key={`${w.code}-${w.serviceId}-${w.shopId ?? ''}`}>
          {t(`studio.catalogue.warnings.${w.code}`, {
            service: serviceName(w.serviceId),
            shop: shopName(w.shopId),
          })}
        </li>
      ))}
    </ul>
  )
}
