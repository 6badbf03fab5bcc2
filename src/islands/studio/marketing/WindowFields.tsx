import { useId } from 'react'
import { instantOf, localInputOf, windowProblem } from '#domain/marketing/window'
import { useStudioText } from '../studio-text'

/**
 * The start and end of a dated item, typed on the browser's clock and kept as instants; the end
 * is marked wrong while it does not follow the start (the server refuses it too).
 */
export function WindowFields({
  start,
  end,
  required,
  onChange,
}: {
  start: string
  end: string
  required: boolean
  onChange: (window: { start: string; end: string }) => void
}) {
  const { t } = useStudioText()
  const id = useId()
  const wrong = windowProblem(start || undefined, end || undefined) !== undefined
  return (
    <>
      <span className="studio-marketing__field">
        <label htmlFor={`${id}-start`}>{t('studio.marketing.start')}</label>
        <input
          id={`${id}-start`}
          type="datetime-local"
          required={required}
          value={localInputOf(start)}
          onChange={(e) => onChange({ start: instantOf(e.target.value), end })}
        />
      </span>
      <span className="studio-marketing__field">
        <label htmlFor={`${id}-end`}>{t('studio.marketing.end')}</label>
        <input
          id={`${id}-end`}
          type="datetime-local"
          required={required}
          aria-invalid={wrong}
          aria-describedby={wrong ? `${id}-end-error` : undefined}
          value={localInputOf(end)}
          onChange={(e) => onChange({ start, end: instantOf(e.target.value) })}
        />
        {wrong && (
          <span id={`${id}-end-error`} className="studio-marketing__error">
            {t('studio.marketing.error.endBeforeStart')}
          </span>
        )}
      </span>
    </>
  )
}
