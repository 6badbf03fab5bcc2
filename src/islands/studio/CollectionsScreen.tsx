import { useState } from 'react'
import { CollectionItemsEditor } from './CollectionItemsEditor'
import { Loading, Retry } from './ReadState'
import { SchemaForm } from './SchemaForm'
import { useStudioText } from './studio-text'
import { studioLocale, useCollectionSchemas } from './use-collections'

/**
 * Custom content (docs/decisions/084-collections-and-theme-editor.md): the company's content
 * types, the items of the one opened, and a form for a new type. The site shows them as a page
 * or a home section after its rebuild.
 */
export function CollectionsScreen() {
  const { t } = useStudioText()
  const { schemas } = useCollectionSchemas()
  const [open, setOpen] = useState<string | undefined>(undefined)
  const lang = studioLocale()
  const shown = schemas.data?.find((schema) => schema.id === open) ?? schemas.data?.[0]
  return (
    <>
      <h1>{t('studio.collections.heading')}</h1>
      {schemas.isError && (
        <Retry message={t('studio.collections.loadError')} onRetry={() => void schemas.refetch()} />
      )}
      {schemas.isPending && <Loading message={t('studio.loading')} />}
      {schemas.data?.length === 0 && <p>{t('studio.collections.none')}</p>}
      {schemas.data && schemas.data.length > 0 && (
        <ul className="studio-collections">
          {schemas.data.map((schema) => (
            <li key={schema.id}>
              <button
                type="button"
                aria-pressed={schema.id === shown?.id}
                onClick={() => setOpen(schema.id)}
              >
                {schema.name[lang] ?? Object.values(schema.name)[0] ?? schema.type}
              </button>
            </li>
          ))}
        </ul>
      )}
      {shown && <CollectionItemsEditor key={shown.id} schema={shown} />}
      <SchemaForm />
    </>
  )
}
