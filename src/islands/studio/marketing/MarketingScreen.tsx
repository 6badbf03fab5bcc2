import { useId, useState } from 'react'
import { Loading, Retry } from '../ReadState'
import { useStudioText } from '../studio-text'
import { AlertsPanel } from './AlertsPanel'
import { CouponsPanel } from './CouponsPanel'
import { EventsPanel } from './EventsPanel'
import { GiftsPanel } from './GiftsPanel'
import { useCompany } from './marketing-queries'
import { PopupPanel } from './PopupPanel'

const TABS = ['alerts', 'events', 'coupons', 'gifts', 'popup'] as const
type Tab = (typeof TABS)[number]

/**
 * The owner's marketing (docs/decisions/090-studio-marketing.md): alerts, events, coupons, gift
 * vouchers and the home pop-up, one section at a time. Every save is an ordinary API write that
 * publishes, so the site rebuilds with it.
 */
export function MarketingScreen() {
  const { t } = useStudioText()
  const id = useId()
  const [tab, setTab] = useState<Tab>('alerts')
  const { company, locales } = useCompany()
  if (company.isError) {
    return (
      <Retry message={t('studio.marketing.loadError')} onRetry={() => void company.refetch()} />
    )
  }
  if (!company.data) return <Loading message={t('studio.loading')} />
  const { booker } = company.data
  return (
    <section className="studio-marketing" aria-labelledby={`${id}-h`}>
      <h1 id={`${id}-h`}>{t('studio.marketing.heading')}</h1>
      <nav className="studio-marketing__tabs" aria-label={t('studio.marketing.sections')}>
        {TABS.map((name) => (
          <button key={name} type="button" aria-pressed={name === tab} onClick={() => setTab(name)}>
            {t(`studio.marketing.tab.${name}`)}
          </button>
        ))}
      </nav>
      {tab === 'alerts' && <AlertsPanel locales={locales} />}
      {tab === 'events' && <EventsPanel locales={locales} />}
      {tab === 'coupons' && (
        <CouponsPanel precision={booker.mCurrency.precision} currency={booker.mCurrency.code} />
      )}
      {tab === 'gifts' && <GiftsPanel booker={booker} locales={locales} />}
      {tab === 'popup' && <PopupPanel booker={booker} locales={locales} />}
    </section>
  )
}
