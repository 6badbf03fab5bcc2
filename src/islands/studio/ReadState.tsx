import { useStudioText } from './studio-text'

/** A read under way: announced politely, in the screen's words. */
export function Loading({ message }: { message: string }) {
  return (
    <p className="studio-loading" role="status">
      {message}
    </p>
  )
}

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
