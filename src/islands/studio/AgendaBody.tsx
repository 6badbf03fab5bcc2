import { useState } from 'react'
import type { OpeningHours } from '#contract/opening-hours'
import type { Shop } from '#contract/shop'
import { AgendaGrid } from './AgendaGrid'
import { AgendaList } from './AgendaList'
import { type AgendaView, viewRange } from './agenda-view'
import { DeskLauncher } from './DeskLauncher'
import type { DeskPlaceValue } from './DeskPlace'
import { deskRefusalKey } from './desk-words'
import { EventDetails } from './EventDetails'
import { Loading, Retry } from './ReadState'
import { useStudioText } from './studio-text'
import { useAgenda } from './use-agenda'
import { useDeskMove } from './use-desk'

interface BodyProps {
  /** the shop, for the desk's services */
  shop: Shop
  shopId: string
  shopHours: OpeningHours
  /** the shop's zone: the history's instants are written in it */
  timeZone: string
  day: string
  view: AgendaView
  resourceIds?: readonly string[] | undefined
}

/**
 * One shop's day or week: the calendar (a tablet or a desk) and the same appointments as a list
 * (a phone; CSS shows one or the other), the chosen appointment's details after them.
 */
export function AgendaBody(props: BodyProps) {
  const { shop, shopId, shopHours, timeZone, day, view, resourceIds } = props
  const { t, tn } = useStudioText()
  const agenda = useAgenda(shopId, viewRange(day, view), resourceIds)
  const [selected, setSelected] = useState<string | null>(null)
  const [draft, setDraft] = useState<DeskPlaceValue>()
  const move = useDeskMove(shopId)
  if (agenda.failed) return <Retry message={t('studio.agenda.loadError')} onRetry={agenda.retry} />
  if (agenda.pending) return <Loading message={t('studio.agenda.loading')} />
  // a moved visit's appointments are new ones: its details stay open on its order
  const chosen =
    agenda.events.find((e) => e.id === selected) ??
    agenda.events.find((e) => selected?.startsWith(`${e.ideorder}:`))
  const moveWords = {
    taken: 'studio.desk.move.taken',
    forbidden: 'studio.desk.move.forbidden',
    failed: 'studio.desk.move.failed',
  } as const
  const empty = view === 'week' ? 'studio.agenda.emptyWeek' : 'studio.agenda.empty'
  return (
    <div className="studio-agenda">
      <p role="status" className="studio-count">
        {agenda.events.length === 0 ? t(empty) : tn('studio.agenda.count', agenda.events.length)}
      </p>
      <AgendaGrid
        day={day}
        view={view}
        shopHours={shopHours}
        agenda={agenda}
        selected={selected}
        onSelect={setSelected}
        onPickSlot={(start, resourceId) =>
          setDraft({
            day: start.slice(0, 10),
            time: start.slice(11, 16),
            resourceId: resourceId ?? '',
          })
        }
        onMove={(ideorder, start, resourceId) => move.mutate({ ideorder, start, resourceId })}
      />
      {move.isError && (
        <p role="alert" className="studio-error">
          {t(deskRefusalKey(move.error, moveWords))}
        </p>
      )}
      <DeskLauncher
        shop={shop}
        day={day}
        columns={agenda.columns}
        draft={draft}
        onDraft={setDraft}
      />
      <AgendaList agenda={agenda} withDate={view === 'week'} onSelect={setSelected} />
      {chosen && (
        <EventDetails
          event={chosen}
          agenda={agenda}
          shopId={shopId}
          timeZone={timeZone}
          onClose={() => setSelected(null)}
        />
      )}
    </div>
  )
}
