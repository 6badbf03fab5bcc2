import { formatMoney } from '#domain/money/format-money'
import type { AgendaEvent } from '#domain/studio/agenda-events'
import type { StudioTranslator } from '#i18n/studio-messages'

/**
 * The words of one appointment, shared by the grid, the list and the details: who, what, how
 * long, its status and what is paid or due (the order's amounts, docs/decisions/071-studio-app.md).
 */
export interface EventWords {
  readonly customer: string
  readonly time: string
  readonly what: string
  readonly status: string
  readonly money: string
}

export function eventWords(
  event: AgendaEvent,
  names: ReadonlyMap<string, string>,
  { t, locale }: StudioTranslator,
): EventWords {
  const amount = (minor: number) =>
    formatMoney(minor, locale, { mCurrency: { code: event.currency } })
  const status = [t(`orderStatus.${event.status}`)]
  if (event.tentative) status.push(t('studio.event.tentative'))
  if (event.payment) status.push(t(`orderDetail.paymentStatus.${event.payment}`))
  const money = [t('studio.event.paid', { amount: amount(event.paid) })]
  if (event.due > 0) money.push(t('studio.event.due', { amount: amount(event.due) }))
  return {
    customer:
      names.get(event.customerId) ?? t('studio.event.customerNumber', { id: event.customerId }),
    time: t('studio.event.time', { start: event.start.slice(11), end: event.end.slice(11) }),
    what: `${event.service} · ${t('studio.event.minutes', { minutes: event.minutes })}`,
    status: status.join(' · '),
    money: money.join(' · '),
  }
}
