import { type Company, LANGUAGES } from '#contract/index'
import { languageProblem } from '#domain/studio/site-settings'
import { useStudioText } from '../studio-text'

type Booker = Company['booker']

/** The site's languages: at least one, French (the default, no prefix) among them. */
export function LanguagesForm({
  booker,
  onBooker,
}: {
  booker: Booker
  onBooker: (booker: Booker) => void
}) {
  const { t } = useStudioText()
  const problem = languageProblem(booker.langs)
  return (
    <fieldset>
      <legend>{t('studio.settings.languages.legend')}</legend>
      {LANGUAGES.map(({ code, name }) => (
        <label key={code} className="studio-check">
          <input
            type="checkbox"
            checked={booker.langs[code] === true}
            onChange={(event) =>
              onBooker({ ...booker, langs: { ...booker.langs, [code]: event.target.checked } })
            }
          />{' '}
          {name}
        </label>
      ))}
      {problem && <p role="alert">{t(`studio.settings.languages.${problem}`)}</p>}
    </fieldset>
  )
}
