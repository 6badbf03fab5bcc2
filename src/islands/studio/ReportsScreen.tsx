import { type FormEvent, lazy, Suspense, useId, useState } from 'react'
import { reportQuery } from '#contract/calls/stats'
import type { ReportStep } from '#domain/studio/report-figures'
import { Loading, Retry } from './ReadState'
import { ReportTable } from './ReportTable'
import { moneyText, rowOf } from './report-rows'
import { useStudioText } from './studio-text'
import { type ReportAsk, useReport } from './use-report'

// the chart library is the studio's largest: loaded with this screen, not with the agenda
const ReportChart = lazy(() => import('./ReportChart').then((m) => ({ default: m.ReportChart })))

const STEPS: readonly ReportStep[] = ['day', 'week', 'month']

interface ShopOption {
  readonly id: string
  readonly name: string
}

/**
 * The owner's reports (docs/decisions/076-studio-reports.md): a period, a step and a shop; the
 * totals, a chart of revenue and visits per step, the same per step and per shop as tables with
 * their CSV. Every figure is the server's.
 */
export function ReportsScreen({ shops }: { shops: readonly ShopOption[] }) {
  const { t, locale } = useStudioText()
  const id = useId()
  const { asked, ask, result } = useReport(shops.map((shop) => shop.id))
  const [refused, setRefused] = useState(false)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const step = String(form.get('step'))
    const next: ReportAsk = {
      start: String(form.get('start')),
      end: String(form.get('end')),
      step: STEPS.find((s) => s === step) ?? 'day',
      shopId: String(form.get('shop') ?? ''),
    }
    // the contract's own check: a period the server would refuse is not asked for
    const valid = reportQuery.safeParse({ start: next.start, end: next.end, step: next.step })
    setRefused(!valid.success)
    if (valid.success) ask(next)
  }
  const shopName = (shopId: string) => shops.find((shop) => shop.id === shopId)?.name ?? shopId
  const report = result.data
  const periods = report?.byPeriod.map((p) => rowOf(p.period, p.period, p)) ?? []
  const byShop = report?.byShop.map((s) => rowOf(s.shopId, shopName(s.shopId), s)) ?? []
  return (
    <>
      <h2>{t('studio.lists.tab.figures')}</h2>
      <form className="studio-report-form" onSubmit={submit}>
        <label htmlFor={`${id}-start`}>{t('studio.reports.start')}</label>
        <input id={`${id}-start`} name="start" type="date" required defaultValue={asked.start} />
        <label htmlFor={`${id}-end`}>{t('studio.reports.end')}</label>
        <input id={`${id}-end`} name="end" type="date" required defaultValue={asked.end} />
        <label htmlFor={`${id}-step`}>{t('studio.reports.step')}</label>
        <select id={`${id}-step`} name="step" defaultValue={asked.step}>
          {STEPS.map((step) => (
            <option key={step} value={step}>
              {t(`studio.reports.steps.${step}`)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-shop`}>{t('studio.reports.shop')}</label>
        <select id={`${id}-shop`} name="shop" defaultValue={asked.shopId}>
          <option value="">{t('studio.reports.allShops')}</option>
          {shops.map((shop) => (
            <option key={shop.id} value={shop.id}>
              {shop.name}
            </option>
          ))}
        </select>
        <button type="submit">{t('studio.reports.show')}</button>
      </form>
      {refused && (
        <p role="alert" className="studio-error">
          {t('studio.reports.badPeriod')}
        </p>
      )}
      {result.isError && (
        <Retry message={t('studio.reports.loadError')} onRetry={() => void result.refetch()} />
      )}
      {result.isPending && shops.length > 0 && <Loading message={t('studio.loading')} />}
      {report && (
        <>
          <dl className="studio-report-totals" aria-live="polite">
            <div>
              <dt>{t('studio.reports.revenue')}</dt>
              <dd>{moneyText(report.total.revenue, locale)}</dd>
            </div>
            <div>
              <dt>{t('studio.reports.visits')}</dt>
              <dd>{report.total.visits}</dd>
            </div>
            <div>
              <dt>{t('studio.reports.noShows')}</dt>
              <dd>{report.total.noShows}</dd>
            </div>
            <div>
              <dt>{t('studio.reports.cancellations')}</dt>
              <dd>{report.total.cancellations}</dd>
            </div>
            <div>
              <dt>{t('studio.reports.averageBasket')}</dt>
              <dd>{moneyText(report.total.averageBasket, locale)}</dd>
            </div>
          </dl>
          <Suspense fallback={<Loading message={t('studio.loading')} />}>
            <ReportChart rows={periods} />
          </Suspense>
          <ReportTable
            title={t('studio.reports.byPeriod')}
            first={t('studio.reports.period')}
            rows={periods}
            file={`report-${asked.start}-${asked.end}-${asked.step}.csv`}
          />
          <ReportTable
            title={t('studio.reports.byShop')}
            first={t('studio.reports.shop')}
            rows={byShop}
            file={`report-${asked.start}-${asked.end}-shops.csv`}
          />
        </>
      )}
    </>
  )
}
