import { useState } from 'react'
import type { ReportTab } from '#domain/studio/report-tabs'
import { GiftSalesScreen } from './GiftSalesScreen'
import { HistoryScreen } from './HistoryScreen'
import { PaymentsScreen } from './PaymentsScreen'
import { ReportsScreen } from './ReportsScreen'
import { useStudioText } from './studio-text'

interface ShopOption {
  readonly id: string
  readonly name: string
}

/**
 * The Reports section: the figures, the bookings history, the gift vouchers and the payments
 * per shop, each a sub-tab, those the role opens (src/domain/studio/report-tabs.ts).
 */
export function ReportsArea({
  tabs,
  shops,
}: {
  tabs: readonly ReportTab[]
  shops: readonly ShopOption[]
}) {
  const { t } = useStudioText()
  const [tab, setTab] = useState<ReportTab>(tabs[0] ?? 'history')
  const open = tabs.includes(tab) ? tab : (tabs[0] ?? 'history')
  return (
    <>
      <h1>{t('studio.reports.heading')}</h1>
      {tabs.length > 1 && (
        <nav className="studio-nav studio-subnav" aria-label={t('studio.lists.tabs')}>
          {tabs.map((name) => (
            <button
              key={name}
              type="button"
              aria-current={name === open ? 'page' : undefined}
              onClick={() => setTab(name)}
            >
              {t(`studio.lists.tab.${name}`)}
            </button>
          ))}
        </nav>
      )}
      {open === 'figures' && <ReportsScreen shops={shops} />}
      {open === 'history' && <HistoryScreen shops={shops} />}
      {open === 'gifts' && <GiftSalesScreen shops={shops} />}
      {open === 'payments' && <PaymentsScreen shops={shops} />}
    </>
  )
}
