import { windowState } from '#domain/marketing/window'
import { useStudioText } from '../studio-text'

/** Where an item's window stands now, and its dates in the studio's language. */
export function WindowCell({
  start,
  end,
}: {
  start?: string | undefined
  end?: string | undefined
}) {
  const { t, locale } = useStudioText()
  const format = (instant: string | undefined) =>
    instant
      ? new Date(instant).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' })
      : '–'
  const state = windowState({ start, end }, Date.now())
  return (
    <>
      {t(`studio.marketing.window.${state}`)}
      <br />
      <small>
        {format(start)} → {format(end)}
      </small>
    </>
  )
}
