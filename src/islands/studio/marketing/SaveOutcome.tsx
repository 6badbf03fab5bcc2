import { ApiError } from '#api/errors'
import { useStudioText } from '../studio-text'

/** The words for a refused write: not the owner, a code already used, or anything else. */
function refusalKey(error: unknown) {
  if (error instanceof ApiError && error.status === 403) return 'studio.marketing.refused' as const
  if (error instanceof ApiError && error.type === 'slugTaken')
    return 'studio.marketing.codeTaken' as const
  return 'studio.marketing.saveError' as const
}

/** A write's outcome under its form: the refusal as an alert, a success politely. */
export function SaveOutcome({ error, saved }: { error: unknown; saved: boolean }) {
  const { t } = useStudioText()
  return (
    <>
      <p role="status">{saved ? t('studio.marketing.saved') : ''}</p>
      {error ? <p role="alert">{t(refusalKey(error))}</p> : null}
    </>
  )
}
