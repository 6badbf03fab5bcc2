import { type FormEvent, useId } from 'react'
import type { CollectionSchema, CollectionValue } from '#contract/index'
import { itemDisplay, itemProblems } from '#domain/index'
import { Loading, Retry } from './ReadState'
import { useStudioText } from './studio-text'
import { studioLocale, useCollectionItems } from './use-collections'

const INPUT_TYPE = { number: 'number', money: 'number', url: 'url', image: 'url' } as const

/**
 * The items of one collection: listed with their title, removed, and added through a form
 * made from the schema's fields. The item is checked by the same rule as the server's
 * (src/domain/collections/item-values.ts) before it is sent. An image field is an address for
 * now: the media library's picker fills it once wired (decision 084).
 */
export function CollectionItemsEditor({ schema }: { schema: CollectionSchema }) {
  const { t } = useStudioText()
  const id = useId()
  const lang = studioLocale()
  const { items, create, drop } = useCollectionItems(schema.type)
  const label = (text: Partial<Record<string, string>>) =>
    text[lang] ?? Object.values(text)[0] ?? ''
  const name = label(schema.name)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const f = new FormData(form)
    const values: Record<string, CollectionValue> = {}
    for (const field of schema.fields) {
      const raw = f.get(field.key)
      if (field.kind === 'boolean') values[field.key] = raw === 'on'
      else if (typeof raw !== 'string' || raw.trim() === '') continue
      else if (field.kind === 'number' || field.kind === 'money') values[field.key] = Number(raw)
      else if (field.translated && (field.kind === 'text' || field.kind === 'longText'))
        values[field.key] = { [lang]: raw.trim() }
      else values[field.key] = raw.trim()
    }
    if (itemProblems(schema.fields, values).length > 0) return
    create.mutate(
      { type: schema.type, values, order: items.data?.length ?? 0 },
      { onSuccess: () => form.reset() },
    )
  }
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('studio.collections.items', { name })}</h2>
      {items.isError && (
        <Retry message={t('studio.collections.loadError')} onRetry={() => void items.refetch()} />
      )}
      {items.isPending && <Loading message={t('studio.loading')} />}
      {items.data?.length === 0 && <p>{t('studio.collections.noItems')}</p>}
      <ul className="studio-stock">
        {items.data?.map((item) => {
          const title = label(itemDisplay(schema.fields, item.values).title ?? {}) || item.id
          return (
            <li key={item.id}>
              <span>{title}</span>
              <button
                type="button"
                onClick={() => drop.mutate(item.id)}
                aria-label={t('studio.collections.removeItem', { item: title })}
              >
                {t('studio.collections.remove')}
              </button>
            </li>
          )
        })}
      </ul>
      <form onSubmit={submit} className="studio-inline-form">
        {schema.fields.map((field) => {
          const at = `${id}-${field.key}`
          const text = label(field.label) || field.key
          if (field.kind === 'boolean') {
            return (
              <label key={field.key} className="studio-check">
                <input type="checkbox" name={field.key} /> {text}
              </label>
            )
          }
          return (
            <div key={field.key} className="studio-field">
              <label htmlFor={at}>{text}</label>
              {field.kind === 'longText' ? (
                <textarea
                  id={at}
                  name={field.key}
                  required={field.required}
                  maxLength={4000}
                  rows={3}
                />
              ) : (
                <input
                  id={at}
                  name={field.key}
                  required={field.required}
                  type={field.kind === 'text' ? 'text' : INPUT_TYPE[field.kind]}
                  step={field.kind === 'money' ? 1 : 'any'}
                  min={field.kind === 'money' ? 0 : undefined}
                  maxLength={field.kind === 'text' ? 200 : undefined}
                />
              )}
            </div>
          )
        })}
        <button type="submit" disabled={create.isPending}>
          {t('studio.collections.addItem')}
        </button>
      </form>
      {(create.isError || drop.isError) && <p role="alert">{t('studio.collections.saveError')}</p>}
    </section>
  )
}
