import type { ColumnDef } from '@tanstack/react-table'
import { type FormEvent, useId, useState } from 'react'
import type { Alert } from '#contract/alert'
import { windowProblem } from '#domain/marketing/window'
import type { Locale } from '#i18n/index'
import { islandApi } from '#islands/shared/island-api'
import { useStudioText } from '../studio-text'
import { MarketingTable } from './MarketingTable'
import { marketingKeys, textIn, useServices } from './marketing-queries'
import { SaveOutcome } from './SaveOutcome'
import { TranslatedFields, written } from './TranslatedFields'
import { useMarketingList } from './use-marketing-list'
import { WindowCell } from './WindowCell'
import { WindowFields } from './WindowFields'

type AlertDraft = Omit<Alert, 'id'>
const empty: AlertDraft = { serviceId: '', body: {}, start: '', end: '' }
const calls = {
  key: marketingKeys.alerts,
  list: () => islandApi.content.alertsList(),
  create: (body: AlertDraft) => islandApi.content.alertsCreate({ body }),
  update: (id: string, body: AlertDraft) =>
    islandApi.content.alertsUpdate({ params: { id }, body }),
  remove: (id: string) => islandApi.content.alertsRemove({ params: { id } }),
}

/**
 * The site's alerts (docs/product/2-screens.md Alerts dialog): a text per language, the window in which they
 * show, and the service their reserve button books (where they are shown: an alert whose
 * service the site does not list is not shown).
 */
export function AlertsPanel({ locales }: { locales: readonly Locale[] }) {
  const { t, locale } = useStudioText()
  const id = useId()
  const { list, save, remove } = useMarketingList(calls)
  const services = useServices()
  const [editing, setEditing] = useState<string | undefined>(undefined)
  const [draft, setDraft] = useState<AlertDraft>(empty)
  const serviceName = (serviceId: string) => {
    const found = services.data?.find((s) => s.id === serviceId)
    return found ? textIn(found.name, locale) : serviceId
  }
  // rebuilt each render: they read the names and money of this render
  const columns: ColumnDef<Alert>[] = [
    {
      id: 'text',
      header: () => t('studio.marketing.text'),
      cell: ({ row }) => textIn(row.original.body, locale),
    },
    {
      id: 'service',
      header: () => t('studio.marketing.alerts.service'),
      cell: ({ row }) => serviceName(row.original.serviceId),
    },
    {
      id: 'window',
      header: () => t('studio.marketing.state'),
      cell: ({ row }) => <WindowCell {...row.original} />,
    },
  ]
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(
      { id: editing, body: { ...draft, body: written(draft.body) } },
      {
        onSuccess: () => {
          setDraft(empty)
          setEditing(undefined)
        },
      },
    )
  }
  const ready =
    draft.serviceId !== '' &&
    draft.start !== '' &&
    draft.end !== '' &&
    !windowProblem(draft.start, draft.end) &&
    Object.keys(written(draft.body)).length > 0
  if (list.isError) return <p role="alert">{t('studio.marketing.loadError')}</p>
  if (!list.data) return <p role="status">{t('studio.loading')}</p>
  return (
    <>
      <MarketingTable
        rows={list.data}
        columns={columns}
        nameOf={(row) => textIn(row.body, locale).slice(0, 40)}
        onEdit={({ id: rowId, ...rest }) => {
          setEditing(rowId)
          setDraft(rest)
        }}
        onRemove={(row) => remove.mutate(row.id)}
      />
      {remove.isError && <p role="alert">{t('studio.marketing.saveError')}</p>}
      <form className="studio-marketing__form" onSubmit={submit} aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`}>
          {t(editing ? 'studio.marketing.alerts.edit' : 'studio.marketing.alerts.add')}
        </h2>
        <TranslatedFields
          long
          label={(language) => t('studio.marketing.textIn', { language })}
          locales={locales}
          value={draft.body}
          onChange={(body) => setDraft({ ...draft, body })}
        />
        <span className="studio-marketing__field">
          <label htmlFor={`${id}-service`}>{t('studio.marketing.alerts.service')}</label>
          <select
            id={`${id}-service`}
            required
            value={draft.serviceId}
            onChange={(e) => setDraft({ ...draft, serviceId: e.target.value })}
          >
            <option value="">{t('studio.marketing.choose')}</option>
            {(services.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {textIn(s.name, locale)}
              </option>
            ))}
          </select>
        </span>
        <WindowFields
          required
          start={draft.start}
          end={draft.end}
          onChange={(w) => setDraft({ ...draft, ...w })}
        />
        <span className="studio-marketing__buttons">
          <button type="submit" disabled={!ready || save.isPending}>
            {t('studio.marketing.save')}
          </button>
          {editing && (
            <button
              type="button"
              onClick={() => {
                setEditing(undefined)
                setDraft(empty)
              }}
            >
              {t('studio.marketing.cancel')}
            </button>
          )}
        </span>
        <SaveOutcome error={save.error} saved={save.isSuccess} />
      </form>
    </>
  )
}
