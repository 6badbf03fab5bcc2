import { useEffect, useId, useRef } from 'react'
import type { AgendaEvent } from '#domain/studio/agenda-events'
import { ConsentDetails } from './consents/ConsentDetails'
import { DeskMoney } from './DeskMoney'
import { DeskVisitActions } from './DeskVisitActions'
import { eventWords } from './event-words'
import { StatusActions } from './StatusActions'
import { StatusHistory } from './StatusHistory'
import { useStudioText } from './studio-text'
import type { AgendaData } from './use-agenda'

/**
 * The chosen appointment: everything the call gives about it, the marks staff may give it and
 * its history (docs/decisions/075-studio-live-agenda.md). It takes the focus when it opens (a
 * keyboard user lands on it) and Escape or its button closes it.
 */
export function EventDetails({
  event,
  agenda,
  shopId,
  timeZone,
  onClose,
}: {
  event: AgendaEvent
  agenda: AgendaData
  shopId: string
  timeZone: string
  onClose: () => void
}) {
  const translator = useStudioText()
  const { t } = translator
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const words = eventWords(event, agenda.names, translator)
  return (
    <section
      className="studio-details"
      aria-labelledby={id}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose()
      }}
    >
      <h2 id={id} ref={heading} tabIndex={-1}>
        {t('studio.event.details')}
      </h2>
      <p>
        <strong>{words.customer}</strong>
      </p>
      <p>{words.time}</p>
      <p>{words.what}</p>
      <p>{words.status}</p>
      <p>{words.money}</p>
      <p>{t('studio.event.order', { ideorder: event.ideorder })}</p>
      <ConsentDetails
        ideorder={event.ideorder}
        day={event.start.slice(0, 10)}
        customerId={event.customerId}
        timeZone={timeZone}
      />
      <StatusActions event={event} shopId={shopId} />
      <DeskVisitActions
        event={event}
        visit={agenda.events.filter((e) => e.ideorder === event.ideorder)}
        shopId={shopId}
        columns={agenda.columns}
      />
      <DeskMoney ideorder={event.ideorder} />
      <StatusHistory
        history={event.history}
        customerId={event.customerId}
        customerName={words.customer}
        timeZone={timeZone}
      />
      <button type="button" onClick={onClose}>
        {t('studio.event.close')}
      </button>
    </section>
  )
}
