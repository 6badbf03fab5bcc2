import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table'
import { useState } from 'react'
import type { ConsentTemplate } from '#contract/consent'
import { errorFacts } from '#i18n/error-messages'
import { Loading, Retry } from '../ReadState'
import { useStudioText } from '../studio-text'
import { TableView } from '../TableView'
import { ConsentEditor } from './ConsentEditor'
import { useConsentTemplates } from './use-consent-templates'

const column = createColumnHelper<ConsentTemplate>()

/**
 * The owner's consent forms (docs/decisions/080-consent-record.md): one per service, each with
 * its current version; writing one, or publishing the next version of one, or archiving one.
 */
export function ConsentsScreen() {
  const { t, locale } = useStudioText()
  const { templates, services, save, archive } = useConsentTemplates()
  const [editing, setEditing] = useState<ConsentTemplate | 'new'>()
  const options = (services.data ?? []).map((s) => ({
    id: s.id,
    name: s.name[locale as 'fr'] || s.name.fr || s.id,
  }))
  const serviceName = (id: string) => options.find((o) => o.id === id)?.name ?? id
  const table = useReactTable({
    data: templates.data ?? [],
    columns: [
      column.accessor((x) => serviceName(x.serviceId), {
        id: 'service',
        header: t('studio.consent.service'),
      }),
      column.accessor((x) => x.version.texts[locale as 'fr']?.title ?? x.version.texts.fr?.title, {
        id: 'title',
        header: t('studio.consent.title'),
      }),
      column.accessor((x) => x.version.number, { id: 'v', header: t('studio.consent.version') }),
      column.display({
        id: 'actions',
        header: t('studio.consent.actions'),
        cell: ({ row }) => (
          <span className="studio-consent-actions">
            <button type="button" onClick={() => setEditing(row.original)}>
              {t('studio.consent.edit')}
            </button>
            <button type="button" onClick={() => archive.mutate(row.original.id)}>
              {t('studio.consent.archive')}
            </button>
          </span>
        ),
      }),
    ],
    getCoreRowModel: getCoreRowModel(),
    getRowId: (x) => x.id,
  })
  const failure = save.error
    ? errorFacts(save.error).type === 'consentLanguageMissing'
      ? t('studio.consent.languageMissing')
      : t('studio.consent.saveError')
    : ''
  return (
    <>
      <h1>{t('studio.consent.heading')}</h1>
      {templates.isError && (
        <Retry message={t('studio.consent.loadError')} onRetry={() => void templates.refetch()} />
      )}
      {templates.isPending && <Loading message={t('studio.loading')} />}
      {archive.isError && <p role="alert">{t('studio.consent.archiveError')}</p>}
      {templates.data && templates.data.length === 0 && <p>{t('studio.consent.empty')}</p>}
      {templates.data && templates.data.length > 0 && (
        <div className="studio-table">
          <TableView table={table} />
        </div>
      )}
      {editing === undefined ? (
        <p>
          <button type="button" onClick={() => setEditing('new')} disabled={options.length === 0}>
            {t('studio.consent.new')}
          </button>
        </p>
      ) : (
        <ConsentEditor
          key={editing === 'new' ? 'new' : `${editing.id}:${editing.version.id}`}
          template={editing === 'new' ? undefined : editing}
          services={options}
          busy={save.isPending}
          error={failure}
          onCancel={() => setEditing(undefined)}
          onSave={(body) =>
            save.mutate(
              { id: editing === 'new' ? undefined : editing.id, body },
              { onSuccess: () => setEditing(undefined) },
            )
          }
        />
      )}
    </>
  )
}
