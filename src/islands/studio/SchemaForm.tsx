import { type FormEvent, useId, useState } from 'react'
import {
  COLLECTION_FIELD_KINDS,
  COLLECTION_LAYOUTS,
  type CollectionFieldKind,
  type CollectionLayout,
} from '#contract/index'
import { useStudioText } from './studio-text'
import { studioLocale, useCollectionSchemas } from './use-collections'

interface FieldDraft {
  key: string
  label: string
  kind: CollectionFieldKind
  translated: boolean
  required: boolean
}

const blank = (): FieldDraft => ({
  key: '',
  label: '',
  kind: 'text',
  translated: true,
  required: false,
})

/**
 * A new content type: its address, name, layout, where it shows, and its fields (key, label in
 * the studio's language, kind, translated, required). The server checks it again (contract and
 * duplicate keys), and refuses an address already taken.
 */
export function SchemaForm() {
  const { t } = useStudioText()
  const id = useId()
  const { create } = useCollectionSchemas()
  const [fields, setFields] = useState<FieldDraft[]>([blank()])
  const set = (index: number, change: Partial<FieldDraft>) =>
    setFields((all) => all.map((field, i) => (i === index ? { ...field, ...change } : field)))
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const f = new FormData(form)
    const lang = studioLocale()
    create.mutate(
      {
        type: String(f.get('type') ?? '').trim(),
        name: { [lang]: String(f.get('name') ?? '').trim() },
        layout: String(f.get('layout')) as CollectionLayout,
        page: f.get('page') === 'on',
        home: f.get('home') === 'on',
        fields: fields.map(({ label, ...field }) => ({ ...field, label: { [lang]: label } })),
      },
      {
        onSuccess: () => {
          form.reset()
          setFields([blank()])
        },
      },
    )
  }
  return (
    <form onSubmit={submit} className="studio-schema-form" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('studio.collections.newSchema')}</h2>
      <label htmlFor={`${id}-name`}>{t('studio.collections.name')}</label>
      <input id={`${id}-name`} name="name" required maxLength={80} />
      <label htmlFor={`${id}-type`}>{t('studio.collections.type')}</label>
      <input
        id={`${id}-type`}
        name="type"
        required
        maxLength={40}
        pattern="[a-z0-9]+(-[a-z0-9]+)*"
      />
      <label htmlFor={`${id}-layout`}>{t('studio.collections.layout')}</label>
      <select id={`${id}-layout`} name="layout" defaultValue="cards">
        {COLLECTION_LAYOUTS.map((layout) => (
          <option key={layout} value={layout}>
            {t(`studio.collections.layouts.${layout}`)}
          </option>
        ))}
      </select>
      <label className="studio-check">
        <input type="checkbox" name="page" defaultChecked /> {t('studio.collections.page')}
      </label>
      <label className="studio-check">
        <input type="checkbox" name="home" /> {t('studio.collections.home')}
      </label>
      <fieldset>
        <legend>{t('studio.collections.fields')}</legend>
        {fields.map((field, index) => {
          const n = String(index + 1)
          const at = `${id}-f${index}`
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved
            <div key={index} className="studio-field-row">
              <label htmlFor={`${at}-label`}>{t('studio.collections.fieldLabel', { n })}</label>
              <input
                id={`${at}-label`}
                required
                maxLength={80}
                value={field.label}
                onChange={(e) => set(index, { label: e.target.value })}
              />
              <label htmlFor={`${at}-key`}>{t('studio.collections.fieldKey', { n })}</label>
              <input
                id={`${at}-key`}
                required
                pattern="[a-z][a-z0-9_]{0,39}"
                value={field.key}
                onChange={(e) => set(index, { key: e.target.value })}
              />
              <label htmlFor={`${at}-kind`}>{t('studio.collections.fieldKind', { n })}</label>
              <select
                id={`${at}-kind`}
                value={field.kind}
                onChange={(e) => set(index, { kind: e.target.value as CollectionFieldKind })}
              >
                {COLLECTION_FIELD_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`studio.collections.kinds.${kind}`)}
                  </option>
                ))}
              </select>
              <label className="studio-check">
                <input
                  type="checkbox"
                  checked={field.translated}
                  onChange={(e) => set(index, { translated: e.target.checked })}
                />{' '}
                {t('studio.collections.fieldTranslated')}
              </label>
              <label className="studio-check">
                <input
                  type="checkbox"
                  checked={field.required}
                  onChange={(e) => set(index, { required: e.target.checked })}
                />{' '}
                {t('studio.collections.fieldRequired')}
              </label>
              {fields.length > 1 && (
                <button
                  type="button"
                  onClick={() => setFields((all) => all.filter((_, i) => i !== index))}
                >
                  {t('studio.collections.removeField', { n })}
                </button>
              )}
            </div>
          )
        })}
        <button type="button" onClick={() => setFields((all) => [...all, blank()])}>
          {t('studio.collections.addField')}
        </button>
      </fieldset>
      <button type="submit" disabled={create.isPending}>
        {t('studio.collections.createSchema')}
      </button>
      {create.isError && <p role="alert">{t('studio.collections.saveError')}</p>}
    </form>
  )
}
