import { useState } from 'react'
import type { OpeningHours } from '#contract/opening-hours'
import { AgendaGrid } from './AgendaGrid'
import { AgendaList } from './AgendaList'
import { type AgendaView, viewRange } from './agenda-view'
import { EventDetails } from './EventDetails'
import { Loading, Retry } from './ReadState'
import { useStudioText } from './studio-text'
import { useAgenda } from './use-agenda'

interface BodyProps {
  shopId: string
  shopHours: OpeningHours
  day: string
  view: AgendaView
  resourceIds?: readonly string[] | undefined
}

/**
 * One shop's day or week: the calendar (a tablet or a desk) and the same appointments as a list
 * (a phone; CSS shows one or the other), the chosen appointment's details after them.
 */
export function AgendaBody({ shopId, shopHours, day, view, resourceIds }: BodyProps) {
  const { t, tn } = useStudioText()
  const agenda = useAgenda(shopId, viewRange(day, view), resourceIds)
  const [selected, setSelected] = useState<string | null>(null)
  if (agenda.failed) return <Retry message={t('studio.agenda.loadError')} onRetry={agenda.retry} />
  if (agenda.pending) return <Loading message={t('studio.agenda.loading')} />
  const chosen = agenda.events.find((e) => e.id === selected)
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
      />
      <AgendaList agenda={agenda} withDate={view === 'week'} onSelect={setSelected} />
      {chosen && <EventDetails event={chosen} agenda={agenda} onClose={() => setSelected(null)} />}
    </div>
  )
}
