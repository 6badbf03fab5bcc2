import { useStudioText } from './studio-text'

/** A failed read: the words of the screen, and a way to ask again. */
export function Retry({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useStudioText()
  return (
    <div role="alert" className="studio-error">
      <p>{message}</p>
      <button type="button" onClick={onRetry}>
        {t('studio.retry')}
      </button>
    </div>
  )
}
