import { useQuery } from '@tanstack/react-query'
import { useId, useMemo } from 'react'
import type { StatusChange } from '#contract/booking-order'
import { islandApi } from '#islands/shared/island-api'
import { studioKeys } from './studio-queries'
import { useStudioText } from './studio-text'

/**
 * Who did what and when to the visit's order (docs/decisions/075-studio-live-agenda.md), as the
 * server records it: the company users by name, the customer by theirs, payments and expiry as
 * the system. Times in the shop's zone.
 */
export function StatusHistory({
  history,
  customerId,
  customerName,
  timeZone,
}: {
  history: readonly StatusChange[]
  customerId: string
  customerName: string
  timeZone: string
}) {
  const { t, locale } = useStudioText()
  const id = useId()
  // the list of company users is the owner's (docs/decisions/072-studio-roles.md): the others
  // see their own name and "a colleague" for the rest
  const me = useQuery({ queryKey: studioKeys.me, queryFn: () => islandApi.cmpusers.me() })
  const staff = useQuery({
    queryKey: studioKeys.staff,
    queryFn: () => islandApi.cmpusers.list(),
    staleTime: 300_000,
    enabled: me.data?.studioRole === 'owner',
  })
  const names = useMemo(
    () =>
      new Map(
        [...(staff.data ?? []), ...(me.data ? [me.data] : [])].map((p) => [
          p.id,
          `${p.firstname} ${p.lastname}`.trim() || p.email,
        ]),
      ),
    [staff.data, me.data],
  )
  const when = new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone,
  })
  // a move's former start is the shop's wall clock already
  const wall = new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'UTC',
  })
  const who = (by: string | undefined) => {
    if (by === undefined || by === 'system') return t('studio.history.system')
    if (by === customerId) return t('studio.history.customer', { name: customerName })
    return names.get(by) ?? t('studio.history.staff')
  }
  if (history.length === 0) return null
  return (
    <section aria-labelledby={id} className="studio-history">
      <h3 id={id}>{t('studio.history.heading')}</h3>
      <ol>
        {history.map((change, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at its end
          <li key={index}>
            {change.movedFrom
              ? t('studio.history.moved', {
                  from: wall.format(Date.parse(`${change.movedFrom}:00Z`)),
                  when: when.format(Date.parse(change.at)),
                  who: who(change.by),
                })
              : t('studio.history.entry', {
                  status: t(`orderStatus.${change.status}`),
                  when: when.format(Date.parse(change.at)),
                  who: who(change.by),
                })}
          </li>
        ))}
      </ol>
    </section>
  )
}
