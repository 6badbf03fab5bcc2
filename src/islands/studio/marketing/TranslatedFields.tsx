import { useId } from 'react'
import type { TranslatedText } from '#contract/common'
import type { Locale } from '#i18n/index'
import { useStudioText } from '../studio-text'

/**
 * One field per enabled language of the company, labelled with the language's name; `long`
 * makes them text areas (an alert's or an event's text).
 */
export function TranslatedFields({
  label,
  locales,
  value,
  onChange,
  long = false,
}: {
  /** the field's name; `{language}` in it is the language's name */
  label: (language: string) => string
  locales: readonly Locale[]
  value: TranslatedText
  onChange: (value: TranslatedText) => void
  long?: boolean
}) {
  const { t } = useStudioText()
  const id = useId()
  return (
    <>
      {locales.map((code) => {
        const field = `${id}-${code}`
        const change = (text: string) => onChange({ ...value, [code]: text })
        return (
          <span key={code} className="studio-marketing__field">
            <label htmlFor={field}>{label(t(`studio.posts.language.${code}`))}</label>
            {long ? (
              <textarea
                id={field}
                rows={3}
                value={value[code] ?? ''}
                onChange={(e) => change(e.target.value)}
              />
            ) : (
              <input
                id={field}
                value={value[code] ?? ''}
                onChange={(e) => change(e.target.value)}
              />
            )}
          </span>
        )
      })}
    </>
  )
}

/** A translated text without its empty languages (the contract keeps what is written). */
export function written(text: TranslatedText): TranslatedText {
  return Object.fromEntries(
    Object.entries(text).filter(([, v]) => v !== undefined && v.trim() !== ''),
  )
}
