import type { ColumnDef } from '@tanstack/react-table'
import { type FormEvent, useId, useState } from 'react'
import type { Event } from '#contract/event'
import { windowProblem } from '#domain/marketing/window'
import type { Locale } from '#i18n/index'
import { islandApi } from '#islands/shared/island-api'
import { ImageUrlField } from '../ImageUrlField'
import { useStudioText } from '../studio-text'
import { EventPictureAlt } from './EventPictureAlt'
import { MarketingTable } from './MarketingTable'
import { marketingKeys, textIn } from './marketing-queries'
import { SaveOutcome } from './SaveOutcome'
import { TranslatedFields, written } from './TranslatedFields'
import { useMarketingList } from './use-marketing-list'
import { WindowCell } from './WindowCell'
import { WindowFields } from './WindowFields'

type EventDraft = Omit<Event, 'id'>
const empty: EventDraft = { img: [], start: '', end: '', showDates: false, title: {}, body: {} }
const calls = {
  key: marketingKeys.events,
  list: () => islandApi.content.eventsList(),
  create: (body: EventDraft) => islandApi.content.eventsCreate({ body }),
  update: (id: string, body: EventDraft) =>
    islandApi.content.eventsUpdate({ params: { id }, body }),
  remove: (id: string) => islandApi.content.eventsRemove({ params: { id } }),
}

/**
 * The events of the site's carousel (docs/product/2-screens.md Events dialog): a title and a text per language,
 * the window, whether the dates show, and a picture (typed, or picked in the media library,
 * whose alt texts describe it on the site: no alt of its own, docs/decisions/095-event-images.md).
 */
export function EventsPanel({ locales }: { locales: readonly Locale[] }) {
  const { t, locale } = useStudioText()
  const id = useId()
  const { list, save, remove } = useMarketingList(calls)
  const [editing, setEditing] = useState<string | undefined>(undefined)
  const [draft, setDraft] = useState<EventDraft>(empty)
  // rebuilt each render: they read the names and money of this render
  const columns: ColumnDef<Event>[] = [
    {
      id: 'title',
      header: () => t('studio.marketing.title'),
      cell: ({ row }) => textIn(row.original.title, locale),
    },
    {
      id: 'image',
      header: () => t('studio.marketing.events.image'),
      cell: ({ row }) => {
        const url = row.original.img[0]?.url
        return url ? <img src={url} alt="" width="64" height="40" /> : '–'
      },
    },
    {
      id: 'window',
      header: () => t('studio.marketing.state'),
      cell: ({ row }) => <WindowCell {...row.original} />,
    },
  ]
  const reset = () => {
    setEditing(undefined)
    setDraft(empty)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body = { ...draft, title: written(draft.title), body: written(draft.body) }
    save.mutate({ id: editing, body }, { onSuccess: reset })
  }
  const ready =
    draft.start !== '' &&
    draft.end !== '' &&
    !windowProblem(draft.start, draft.end) &&
    Object.keys(written(draft.title)).length > 0
  if (list.isError) return <p role="alert">{t('studio.marketing.loadError')}</p>
  if (!list.data) return <p role="status">{t('studio.loading')}</p>
  return (
    <>
      <MarketingTable
        rows={list.data}
        columns={columns}
        nameOf={(row) => textIn(row.title, locale)}
        onEdit={({ id: rowId, ...rest }) => {
          setEditing(rowId)
          setDraft(rest)
        }}
        onRemove={(row) => remove.mutate(row.id)}
      />
      {remove.isError && <p role="alert">{t('studio.marketing.saveError')}</p>}
      <form className="studio-marketing__form" onSubmit={submit} aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`}>
          {t(editing ? 'studio.marketing.events.edit' : 'studio.marketing.events.add')}
        </h2>
        <TranslatedFields
          label={(language) => t('studio.marketing.titleIn', { language })}
          locales={locales}
          value={draft.title}
          onChange={(title) => setDraft({ ...draft, title })}
        />
        <TranslatedFields
          long
          label={(language) => t('studio.marketing.textIn', { language })}
          locales={locales}
          value={draft.body}
          onChange={(body) => setDraft({ ...draft, body })}
        />
        <WindowFields
          required
          start={draft.start}
          end={draft.end}
          onChange={(w) => setDraft({ ...draft, ...w })}
        />
        <span className="studio-marketing__check">
          <input
            id={`${id}-dates`}
            type="checkbox"
            checked={draft.showDates}
            onChange={(e) => setDraft({ ...draft, showDates: e.target.checked })}
          />
          <label htmlFor={`${id}-dates`}>{t('studio.marketing.events.showDates')}</label>
        </span>
        <span className="studio-marketing__field">
          <ImageUrlField
            label={t('studio.marketing.events.image')}
            value={draft.img[0]?.url}
            onChange={(url) => setDraft({ ...draft, img: url ? [{ url }] : [] })}
          />
          {draft.img[0] && <EventPictureAlt url={draft.img[0].url} locales={locales} />}
        </span>
        <span className="studio-marketing__buttons">
          <button type="submit" disabled={!ready || save.isPending}>
            {t('studio.marketing.save')}
          </button>
          {editing && (
            <button type="button" onClick={reset}>
              {t('studio.marketing.cancel')}
            </button>
          )}
        </span>
        <SaveOutcome error={save.error} saved={save.isSuccess} />
      </form>
    </>
  )
}
