import { useState } from 'react'
import { AgendaGrid } from './AgendaGrid'
import { AgendaList } from './AgendaList'
import { EventDetails } from './EventDetails'
import { Retry } from './Retry'
import { useStudioText } from './studio-text'
import { useAgenda } from './use-agenda'

interface DayProps {
  shopId: string
  day: string
  resourceIds?: readonly string[] | undefined
}

/**
 * One shop's day: the resource columns (a tablet or a desk) and the same appointments as a list
 * (a phone; CSS shows one or the other), the chosen appointment's details beside them.
 */
export function AgendaDay({ shopId, day, resourceIds }: DayProps) {
  const { t, tn } = useStudioText()
  const agenda = useAgenda(shopId, day, resourceIds)
  const [selected, setSelected] = useState<string | null>(null)
  if (agenda.failed) return <Retry message={t('studio.agenda.loadError')} onRetry={agenda.retry} />
  if (agenda.pending) {
    return (
      <p className="studio-loading" role="status">
        {t('studio.agenda.loading')}
      </p>
    )
  }
  const chosen = agenda.events.find((e) => e.id === selected)
  return (
    <div className="studio-agenda">
      <p role="status" className="studio-count">
        {agenda.events.length === 0
          ? t('studio.agenda.empty')
          : tn('studio.agenda.count', agenda.events.length)}
      </p>
      <AgendaGrid day={day} agenda={agenda} selected={selected} onSelect={setSelected} />
      <AgendaList agenda={agenda} onSelect={setSelected} />
      {chosen && <EventDetails event={chosen} agenda={agenda} onClose={() => setSelected(null)} />}
    </div>
  )
}
