import { type FormEvent, useId } from 'react'
import { islandApi } from '#islands/shared/island-api'
import { Loading, Retry } from './ReadState'
import { studioKeys } from './studio-queries'
import { useStudioText } from './studio-text'
import { useStock } from './use-files'
import { useListEdit } from './use-stock-edit'

/** The company's needles: type and lot; add and remove. */
export function NeedleList() {
  const { t } = useStudioText()
  const id = useId()
  const { needles } = useStock()
  const { create, drop } = useListEdit(
    studioKeys.needles,
    (body: { type: string; lot: string }) => islandApi.needles.create({ body }),
    (needle) => islandApi.needles.remove({ params: { id: needle } }),
  )
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const element = event.currentTarget
    const f = new FormData(element)
    const text = (name: string) => String(f.get(name) ?? '').trim()
    create.mutate({ type: text('type'), lot: text('lot') }, { onSuccess: () => element.reset() })
  }
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('studio.stock.needles')}</h2>
      {needles.isError && (
        <Retry message={t('studio.stock.loadError')} onRetry={() => void needles.refetch()} />
      )}
      {needles.isPending && <Loading message={t('studio.loading')} />}
      {needles.data?.length === 0 && <p>{t('studio.stock.noNeedles')}</p>}
      <ul className="studio-stock">
        {needles.data?.map((n) => (
          <li key={n.id}>
            <span>{t('studio.prestations.needleLine', { type: n.type, lot: n.lot })}</span>
            <button
              type="button"
              onClick={() => drop.mutate(n.id)}
              aria-label={t('studio.stock.removeItem', { item: `${n.type} ${n.lot}` })}
            >
              {t('studio.stock.remove')}
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="studio-inline-form">
        <label htmlFor={`${id}-type`}>{t('studio.stock.type')}</label>
        <input id={`${id}-type`} name="type" required maxLength={200} />
        <label htmlFor={`${id}-lot`}>{t('studio.stock.lot')}</label>
        <input id={`${id}-lot`} name="lot" required maxLength={64} pattern="[\w./\-]+" />
        <button type="submit" disabled={create.isPending}>
          {t('studio.stock.addNeedle')}
        </button>
      </form>
      {(create.isError || drop.isError) && <p role="alert">{t('studio.stock.saveError')}</p>}
    </section>
  )
}
