import { useRef } from 'react'
import { HttpError } from '#api/errors'
import type { AgendaEvent } from '#domain/studio/agenda-events'
import { studioMoves } from '#domain/studio/status-moves'
import { useStudioText } from './studio-text'
import { useChangeStatus } from './use-change-status'

/**
 * The visit's status and what staff may mark it (docs/decisions/075-studio-live-agenda.md):
 * native buttons, so Tab and Enter reach them. After a mark the focus goes to the status line
 * (the button pressed may be gone), which says the new status at once; a refusal puts the old
 * one back and says why.
 */
export function StatusActions({ event, shopId }: { event: AgendaEvent; shopId: string }) {
  const { t } = useStudioText()
  const change = useChangeStatus(shopId)
  const line = useRef<HTMLParagraphElement>(null)
  const moves = studioMoves(event.status)
  const refused = change.error instanceof HttpError && change.error.status === 409
  return (
    <>
      <p ref={line} tabIndex={-1} className="studio-status">
        {t('studio.status.current', { status: t(`orderStatus.${event.status}`) })}
      </p>
      {moves.length > 0 && (
        <fieldset className="studio-status-actions">
          <legend>{t('studio.status.label')}</legend>
          {moves.map((move) => (
            <button
              type="button"
              key={move}
              disabled={change.isPending}
              onClick={() => {
                change.mutate({ ideorder: event.ideorder, status: move })
                line.current?.focus()
              }}
            >
              {t(`studio.status.${move}`)}
            </button>
          ))}
        </fieldset>
      )}
      {change.isError && (
        <p role="alert" className="studio-error">
          {t(refused ? 'studio.status.refused' : 'studio.status.failed')}
        </p>
      )}
    </>
  )
}
