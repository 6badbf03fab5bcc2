import { type FormEvent, useId, useState } from 'react'
import { DOSSIER_TYPES } from '#contract/customer-files'
import { Prestations } from './Prestations'
import { Loading, Retry } from './ReadState'
import { useStudioText } from './studio-text'
import { useDossiers } from './use-files'

type DossierType = (typeof DOSSIER_TYPES)[number]
const isType = (v: string): v is DossierType => (DOSSIER_TYPES as readonly string[]).includes(v)
const TYPE_WORD = {
  pmu: 'studio.files.typePmu',
  tattoo: 'studio.files.typeTattoo',
  aesthetic: 'studio.files.typeAesthetic',
  other: 'studio.files.typeOther',
} as const

/** The customer's dossiers: open one to see and record its prestations, or start a new one. */
export function CustomerFiles({ customerId }: { customerId: string }) {
  const { t } = useStudioText()
  const id = useId()
  const { list, create } = useDossiers(customerId)
  const [open, setOpen] = useState<string>()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const type = String(form.get('type'))
    const title = String(form.get('title') ?? '').trim()
    if (!isType(type) || title === '') return
    create.mutate({ customerId, type, title }, { onSuccess: (d) => setOpen(d.id) })
  }
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('studio.files.heading')}</h2>
      {list.isError && (
        <Retry message={t('studio.files.loadError')} onRetry={() => void list.refetch()} />
      )}
      {list.isPending && <Loading message={t('studio.loading')} />}
      {list.data?.length === 0 && <p>{t('studio.files.none')}</p>}
      <ul className="studio-dossiers">
        {list.data?.map((d) => (
          <li key={d.id}>
            <button type="button" aria-expanded={open === d.id} onClick={() => setOpen(d.id)}>
              {d.title} · {t(TYPE_WORD[d.type])}
            </button>
            {open === d.id && <Prestations dossierId={d.id} />}
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="studio-inline-form">
        <label htmlFor={`${id}-title`}>{t('studio.files.title')}</label>
        <input id={`${id}-title`} name="title" required maxLength={200} />
        <label htmlFor={`${id}-type`}>{t('studio.files.typeLabel')}</label>
        <select id={`${id}-type`} name="type" defaultValue="pmu">
          {DOSSIER_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(TYPE_WORD[type])}
            </option>
          ))}
        </select>
        <button type="submit" disabled={create.isPending}>
          {t('studio.files.create')}
        </button>
      </form>
      {create.isError && <p role="alert">{t('studio.files.saveError')}</p>}
    </section>
  )
}
