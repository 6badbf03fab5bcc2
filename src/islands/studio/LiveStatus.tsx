import { useStudioText } from './studio-text'
import { useAgendaFeed } from './use-agenda-feed'

/**
 * Keeps the shop's live agenda stream open and says whether it is
 * (docs/decisions/075-studio-live-agenda.md): a dot and a word, announced politely.
 */
export function LiveStatus({ shopId }: { shopId: string }) {
  const { t } = useStudioText()
  const status = useAgendaFeed(shopId)
  return (
    <p className={`studio-live studio-live--${status}`} role="status" data-live={status}>
      <span className="studio-live-dot" aria-hidden="true" />
      {t(`studio.live.${status}`)}
    </p>
  )
}
