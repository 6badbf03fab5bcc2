import type { StudioKey } from '#i18n/studio-messages'
import { useStudioText } from '../studio-text'

/** One alt text field per language of the company, each required (decision 081). */
export function AltFields({
  idPrefix,
  languages,
  values,
  onChange,
}: {
  idPrefix: string
  languages: readonly string[]
  values: Readonly<Record<string, string>>
  onChange: (values: Record<string, string>) => void
}) {
  const { t } = useStudioText()
  return (
    <>
      {languages.map((code) => {
        const id = `${idPrefix}-alt-${code}`
        const language = t(`studio.consent.lang.${code}` as StudioKey)
        return (
          <p key={code} className="studio-field">
            <label htmlFor={id}>{t('studio.media.alt', { language })}</label>
            <input
              id={id}
              lang={code}
              required
              maxLength={300}
              value={values[code] ?? ''}
              onChange={(event) => onChange({ ...values, [code]: event.target.value })}
            />
          </p>
        )
      })}
    </>
  )
}
