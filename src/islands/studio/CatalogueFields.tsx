import type { ChangeEvent } from 'react'
import { lineName } from '#domain/cart/line-name'
import { FORM_LANGUAGES } from '#domain/studio/service-form'
import { useStudioText } from './studio-text'

type Texts = Readonly<Record<string, string | undefined>>

/**
 * A text in each of the forms' languages, French required for names (the site's default): the
 * service and product forms' names (`name-<lang>`) and descriptions (`description-<lang>`).
 */
export function LanguageFields({
  kind,
  values,
  onChange,
}: {
  kind: 'name' | 'description'
  values: Texts
  onChange: (values: Record<string, string | undefined>) => void
}) {
  const { t } = useStudioText()
  const change = (lang: string) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onChange({ ...values, [lang]: event.target.value })
  return (
    <fieldset>
      <legend>
        {t(kind === 'name' ? 'studio.catalogue.names' : 'studio.catalogue.descriptions')}
      </legend>
      {FORM_LANGUAGES.map((lang) =>
        kind === 'name' ? (
          <label key={lang}>
            {t(`studio.catalogue.language.${lang}`)}
            <input
              name={`name-${lang}`}
              value={values[lang] ?? ''}
              required={lang === 'fr'}
              onChange={change(lang)}
            />
          </label>
        ) : (
          <label key={lang}>
            {t(`studio.catalogue.language.${lang}`)}
            <textarea
              name={`description-${lang}`}
              rows={2}
              value={values[lang] ?? ''}
              onChange={change(lang)}
            />
          </label>
        ),
      )}
    </fieldset>
  )
}

interface NamedCategory {
  readonly id: string
  readonly slug: string
  readonly name: Readonly<Record<string, string>>
}

/** A category to file the line under (or none), named in the studio's language. */
export function CategorySelect({
  label,
  none,
  value,
  categories,
  onChange,
}: {
  label: string
  none: string
  value: string
  categories: readonly NamedCategory[]
  onChange: (id: string) => void
}) {
  const { locale } = useStudioText()
  return (
    <label>
      {label}
      <select name="category" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{none}</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {lineName({ name: c.name.fr ?? c.slug, names: c.name }, locale)}
          </option>
        ))}
      </select>
    </label>
  )
}
