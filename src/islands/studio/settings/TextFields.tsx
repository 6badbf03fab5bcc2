import { useId } from 'react'
import type { TranslatedText } from '#contract/index'

/**
 * Small labelled fields of the settings forms (docs/decisions/089-site-settings-and-key-store.md).
 * A translated text is edited in the one language chosen above the form, so a section stays
 * short in five languages; the other languages keep their text.
 */
export function TextField({
  label,
  value,
  onChange,
  type = 'text',
  multiline = false,
}: {
  label: string
  value: string | undefined
  onChange: (value: string | undefined) => void
  type?: 'text' | 'url'
  multiline?: boolean
}) {
  const id = useId()
  const change = (text: string) => onChange(text === '' ? undefined : text)
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea
          id={id}
          rows={6}
          value={value ?? ''}
          onChange={(event) => change(event.target.value)}
        />
      ) : (
        <input
          id={id}
          type={type}
          value={value ?? ''}
          onChange={(event) => change(event.target.value)}
        />
      )}
    </>
  )
}

export function TranslatedField({
  label,
  lang,
  value,
  onChange,
  multiline = false,
}: {
  label: string
  lang: string
  value: TranslatedText
  onChange: (value: TranslatedText) => void
  multiline?: boolean
}) {
  return (
    <TextField
      label={`${label} (${lang})`}
      value={value[lang as keyof TranslatedText]}
      multiline={multiline}
      onChange={(text) => {
        const next: Record<string, string> = { ...value }
        if (text === undefined) delete next[lang]
        else next[lang] = text
        onChange(next)
      }}
    />
  )
}
