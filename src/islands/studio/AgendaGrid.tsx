import dayjs from 'dayjs'
import 'dayjs/locale/de'
import 'dayjs/locale/en-gb'
import 'dayjs/locale/es'
import 'dayjs/locale/fr'
import 'dayjs/locale/it'
import { useMemo } from 'react'
import { Calendar, dayjsLocalizer, type Formats, Views } from 'react-big-calendar'
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css'
import type { OpeningHours } from '#contract/opening-hours'
import { columnOf } from '#domain/studio/agenda-columns'
import { dayHours } from '#domain/studio/agenda-day'
import { type AgendaEvent, wallClockDate } from '#domain/studio/agenda-events'
import { visitStart, visitStartAfterDrop, wallClockOf } from '#domain/studio/desk-slots'
import { worksAt } from '#domain/studio/working-hours'
import type { AgendaView } from './agenda-view'
import { ConsentBadge } from './consents/ConsentBadge'
import { withDragAndDrop } from './drag-and-drop'
import { type EventWords, eventWords } from './event-words'
import { useStudioText } from './studio-text'
import type { AgendaData } from './use-agenda'

/**
 * The calendar: react-big-calendar's day view with one column per resource, or its week view
 * (one column per day, each appointment naming its resource: seven days of five resources would
 * not fit a tablet) (docs/decisions/071-studio-app.md). Its events are focusable buttons; Enter
 * or a click opens the details. Navigation is the toolbar's, so the calendar's own is off.
 */
const localizer = dayjsLocalizer(dayjs)
/** the desk's drag and drop (docs/decisions/077-desk-booking.md): a dropped event moves its visit */
const DeskCalendar = withDragAndDrop<GridEvent, { id: string; title: string }>(Calendar)
/** dayjs's English starts the week on Sunday; the agenda's weeks start on Monday (agenda-day.ts) */
const culture = (locale: string) => (locale === 'en' ? 'en-gb' : locale)
const clock = (date: Date) => dayjs(date).format('HH:mm')
const FORMATS: Formats = {
  // the toolbar names the day; each column's header repeats it in full, never as '01 mar.'
  dayFormat: 'dddd D MMMM',
  timeGutterFormat: clock,
  eventTimeRangeFormat: ({ start, end }) => `${clock(start)} – ${clock(end)}`,
}

interface GridEvent {
  readonly event: AgendaEvent
  readonly words: EventWords
  /** in the week view, where no column names it */
  readonly resource?: string | undefined
  readonly title: string
  readonly start: Date
  readonly end: Date
  readonly resourceId: string
}

interface GridProps {
  day: string
  view: AgendaView
  /** the shop's opening hours: the week view shades the rest */
  shopHours: OpeningHours
  agenda: AgendaData
  selected: string | null
  onSelect: (id: string) => void
  /** empty time chosen (click or drag): a desk booking there; the column when the view has them */
  onPickSlot: (start: string, resourceId: string | undefined) => void
  /** an event dropped elsewhere: its visit's new first start, and its column when changed */
  onMove: (ideorder: string, start: string, resourceId: string | undefined) => void
}

function EventCard({ event }: { event: GridEvent }) {
  return (
    <span className="studio-event-card">
      <strong>{event.words.customer}</strong>
      <span>{event.words.what}</span>
      {event.resource && <span>{event.resource}</span>}
      <span>{event.words.status}</span>
      <span>{event.words.money}</span>
      <ConsentBadge ideorder={event.event.ideorder} day={event.event.start.slice(0, 10)} />
    </span>
  )
}

export function AgendaGrid(props: GridProps) {
  const { day, view, shopHours, agenda, selected, onSelect, onPickSlot, onMove } = props
  const translator = useStudioText()
  const { t, locale } = translator
  const { events: dayEvents, columns, names } = agenda
  const week = view === 'week'
  const events = useMemo<GridEvent[]>(
    () =>
      dayEvents.map((event) => {
        const words = eventWords(event, names, translator)
        const column = columns.find((c) => c.id === event.resourceId)
        return {
          event,
          words,
          resource: week ? column?.title : undefined,
          title: `${words.customer}, ${words.what}`,
          start: wallClockDate(event.start),
          end: wallClockDate(event.end),
          resourceId: columnOf(event, columns),
        }
      }),
    [dayEvents, names, columns, translator, week],
  )
  const resources = columns.map((c) => ({
    id: c.id,
    title: c.title ?? t('studio.agenda.unassigned'),
  }))
  const [first, last] = dayHours(dayEvents)
  const at = (hour: number) => wallClockDate(`${day}T${String(hour).padStart(2, '0')}:00`)
  const chosen = events.find((e) => e.event.id === selected)
  // an employee's column is shaded outside their hours, the week outside the shop's
  const hoursOf = (resourceId?: string | number) =>
    resourceId === undefined ? shopHours : columns.find((c) => c.id === String(resourceId))?.hours
  const slotProps = (date: Date, resourceId?: string | number) => {
    const hours = hoursOf(resourceId)
    const at = dayjs(date)
    const off = hours && !worksAt(hours, at.format('YYYY-MM-DD'), at.format('HH:mm'))
    return off ? { className: 'studio-off-hours' } : {}
  }
  return (
    <div className="studio-grid">
      <DeskCalendar
        localizer={localizer}
        culture={culture(locale)}
        formats={FORMATS}
        date={at(12)}
        onNavigate={() => undefined}
        view={week ? Views.WEEK : Views.DAY}
        views={[Views.DAY, Views.WEEK]}
        onView={() => undefined}
        toolbar={false}
        events={events}
        resources={week ? undefined : resources}
        resourceIdAccessor="id"
        resourceTitleAccessor="title"
        min={at(first)}
        max={last === 24 ? wallClockDate(`${day}T23:59`) : at(last)}
        step={15}
        timeslots={4}
        selected={chosen}
        onSelectEvent={(e) => onSelect(e.event.id)}
        onKeyPressEvent={(e, key) => {
          const { key: pressed } = key as unknown as KeyboardEvent
          if (pressed === 'Enter' || pressed === ' ') onSelect(e.event.id)
        }}
        selectable
        onSelectSlot={(slot) => {
          const column = slot.resourceId === undefined ? undefined : String(slot.resourceId)
          onPickSlot(wallClockOf(new Date(slot.start)), column)
        }}
        resizable={false}
        draggableAccessor={(e) => e.event.status === 'confirmed'}
        onEventDrop={({ event, start, resourceId }) => {
          const dropped = wallClockOf(new Date(start))
          const visit = dayEvents.filter((e) => e.ideorder === event.event.ideorder)
          const first = visitStart(visit) ?? event.event.start
          const column = resourceId === undefined ? undefined : String(resourceId)
          const moved = column !== undefined && column !== event.resourceId ? column : undefined
          onMove(
            event.event.ideorder,
            visitStartAfterDrop(first, event.event.start, dropped),
            moved,
          )
        }}
        slotPropGetter={slotProps}
        eventPropGetter={(e) => ({
          className: `studio-event studio-event--${e.event.status}${e.event.tentative ? ' studio-event--tentative' : ''}`,
        })}
        components={{ event: EventCard }}
        messages={{ allDay: '' }}
      />
    </div>
  )
}
