import { useEffect, useState } from 'react'
import type { Shop } from '#contract/shop'
import { readDay, shopToday } from '#domain/studio/agenda-day'
import { AgendaDay } from './AgendaDay'
import { AgendaToolbar } from './AgendaToolbar'
import { useStudioText } from './studio-text'

/** The day, kept in the address (`?day=`), so a reload or a shared link opens the same day. */
function initialDay(timeZone: string): string {
  const asked =
    typeof location === 'undefined'
      ? undefined
      : readDay(new URLSearchParams(location.search).get('day'))
  return asked ?? shopToday(timeZone)
}

/**
 * The agenda of the shops the user's role opens (docs/decisions/072-studio-roles.md), one day
 * at a time, one column per resource (docs/decisions/071-studio-app.md).
 */
export function Agenda({
  shops,
  resourceIds,
}: {
  shops: readonly Shop[]
  resourceIds?: readonly string[] | undefined
}) {
  const { t } = useStudioText()
  const [shopId, setShopId] = useState(shops[0]?.id)
  const shop = shops.find((s) => s.id === shopId) ?? shops[0]
  const [day, setDay] = useState(() => initialDay(shop?.timeZone ?? 'Europe/Paris'))
  useEffect(() => {
    const url = new URL(location.href)
    url.searchParams.set('day', day)
    history.replaceState(history.state, '', url)
  }, [day])
  if (!shop) return <p>{t('studio.agenda.noShop')}</p>
  return (
    <>
      <AgendaToolbar shops={shops} shop={shop} day={day} onShop={setShopId} onDay={setDay} />
      <AgendaDay key={`${shop.id}:${day}`} shopId={shop.id} day={day} resourceIds={resourceIds} />
    </>
  )
}
