import { useQuery } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import type { DESK_OVERRIDE_GIVES } from '#contract/desk'
import type { AgendaColumn } from '#domain/studio/agenda-columns'
import type { AgendaEvent } from '#domain/studio/agenda-events'
import { visitStart } from '#domain/studio/desk-slots'
import { islandApi } from '#islands/shared/island-api'
import { DeskPlace } from './DeskPlace'
import { deskRefusalKey } from './desk-words'
import { studioKeys } from './studio-queries'
import { useStudioText } from './studio-text'
import { useDeskCancel, useDeskMove } from './use-desk'

/** Only a confirmed visit moves or is cancelled from the studio (the server says the same). */
const ACTIVE: readonly string[] = ['confirmed', 'partiallyRefunded']
type Terms = 'policy' | (typeof DESK_OVERRIDE_GIVES)[number]

/**
 * The keyboard path to move a visit (day, time, column) and the studio's cancellation
 * (docs/decisions/077-desk-booking.md), in the visit's details. The move is shown at once and
 * put back when refused (use-desk.ts); the owner alone is offered the override.
 */
export function DeskVisitActions({
  event,
  visit,
  shopId,
  columns,
}: {
  event: AgendaEvent
  /** the visit's appointments in the agenda (the event's order) */
  visit: readonly AgendaEvent[]
  shopId: string
  columns: readonly AgendaColumn[]
}) {
  const { t } = useStudioText()
  const id = useId()
  const me = useQuery({ queryKey: studioKeys.me, queryFn: () => islandApi.cmpusers.me() })
  const start = visitStart(visit) ?? event.start
  const [place, setPlace] = useState({
    day: start.slice(0, 10),
    time: start.slice(11, 16),
    resourceId: event.resourceId,
  })
  const [terms, setTerms] = useState<Terms>('policy')
  const move = useDeskMove(shopId)
  const cancel = useDeskCancel(shopId)
  const line = useRef<HTMLParagraphElement>(null)
  if (!ACTIVE.includes(event.status)) return null
  const owner = me.data?.studioRole === 'owner'
  const moveWords = {
    taken: 'studio.desk.move.taken',
    forbidden: 'studio.desk.move.forbidden',
    failed: 'studio.desk.move.failed',
  } as const
  const cancelWords = {
    taken: 'studio.desk.cancel.refused',
    forbidden: 'studio.desk.cancel.refused',
    failed: 'studio.desk.cancel.failed',
  } as const
  return (
    <>
      <form
        className="studio-desk-move"
        aria-labelledby={`${id}-move`}
        onSubmit={(e) => {
          e.preventDefault()
          move.mutate({
            ideorder: event.ideorder,
            start: `${place.day}T${place.time}`,
            resourceId: place.resourceId,
          })
          line.current?.focus()
        }}
      >
        <h3 id={`${id}-move`}>{t('studio.desk.move.legend')}</h3>
        <DeskPlace value={place} columns={columns} onChange={setPlace} />
        <button type="submit" disabled={move.isPending}>
          {t('studio.desk.move.submit')}
        </button>
      </form>
      <p ref={line} tabIndex={-1} role="status">
        {move.isSuccess ? t('studio.desk.move.done') : ''}
        {cancel.isSuccess ? t('studio.desk.cancel.done') : ''}
      </p>
      {move.isError && (
        <p role="alert" className="studio-error">
          {t(deskRefusalKey(move.error, moveWords))}
        </p>
      )}
      <fieldset className="studio-desk-cancel">
        <legend>{t('studio.desk.cancel.legend')}</legend>
        {owner && (
          <p>
            {(['policy', 'none', 'credit'] as const).map((choice) => (
              <label key={choice}>
                <input
                  type="radio"
                  name={`${id}-terms`}
                  checked={terms === choice}
                  onChange={() => setTerms(choice)}
                />
                {t(
                  choice === 'policy'
                    ? 'studio.desk.cancel.policy'
                    : choice === 'none'
                      ? 'studio.desk.cancel.overrideNone'
                      : 'studio.desk.cancel.overrideCredit',
                )}
              </label>
            ))}
          </p>
        )}
        <button
          type="button"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate({
              ideorder: event.ideorder,
              ...(owner && terms !== 'policy' ? { override: terms } : {}),
            })
          }
        >
          {t('studio.desk.cancel.submit')}
        </button>
      </fieldset>
      {cancel.isError && (
        <p role="alert" className="studio-error">
          {t(deskRefusalKey(cancel.error, cancelWords))}
        </p>
      )}
    </>
  )
}
