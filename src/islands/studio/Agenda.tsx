import { useEffect, useState } from 'react'
import type { Shop } from '#contract/shop'
import { AgendaBody } from './AgendaBody'
import { AgendaToolbar } from './AgendaToolbar'
import { type AgendaView, readView, viewRange, writeView } from './agenda-view'
import { LiveStatus } from './LiveStatus'
import { useStudioText } from './studio-text'

/**
 * The agenda of the shops the user's role opens (docs/decisions/072-studio-roles.md), a day (one
 * column per resource) or a week at a time (docs/decisions/071-studio-app.md).
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
  const [shown, setShown] = useState(() =>
    readView(location.search, shop?.timeZone ?? 'Europe/Paris'),
  )
  useEffect(() => {
    history.replaceState(history.state, '', writeView(location.href, shown.day, shown.view))
  }, [shown])
  if (!shop) return <p>{t('studio.agenda.noShop')}</p>
  const range = viewRange(shown.day, shown.view)
  return (
    <>
      <AgendaToolbar
        shops={shops}
        shop={shop}
        shown={shown}
        onShop={setShopId}
        onShown={(day: string, view: AgendaView) => setShown({ day, view })}
      />
      <LiveStatus key={shop.id} shopId={shop.id} />
      <AgendaBody
        key={`${shop.id}:${range.from}:${shown.view}`}
        shop={shop}
        shopId={shop.id}
        shopHours={shop.openingHours}
        timeZone={shop.timeZone}
        day={shown.day}
        view={shown.view}
        resourceIds={resourceIds}
      />
    </>
  )
}
