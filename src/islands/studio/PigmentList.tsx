import { type FormEvent, useId } from 'react'
import { islandApi } from '#islands/shared/island-api'
import { Loading, Retry } from './ReadState'
import { studioKeys } from './studio-queries'
import { useStudioText } from './studio-text'
import { useStock } from './use-files'
import { useListEdit } from './use-stock-edit'

/** The company's pigments: brand, colour, lot and expiry; add and remove. */
export function PigmentList() {
  const { t } = useStudioText()
  const id = useId()
  const { pigments } = useStock()
  const { create, drop } = useListEdit(
    studioKeys.pigments,
    (body: { brand: string; colour: string; lot: string; expiry: string }) =>
      islandApi.pigments.create({ body }),
    (pigment) => islandApi.pigments.remove({ params: { id: pigment } }),
  )
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const element = event.currentTarget
    const f = new FormData(element)
    const text = (name: string) => String(f.get(name) ?? '').trim()
    create.mutate(
      { brand: text('brand'), colour: text('colour'), lot: text('lot'), expiry: text('expiry') },
      { onSuccess: () => element.reset() },
    )
  }
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('studio.stock.pigments')}</h2>
      {pigments.isError && (
        <Retry message={t('studio.stock.loadError')} onRetry={() => void pigments.refetch()} />
      )}
      {pigments.isPending && <Loading message={t('studio.loading')} />}
      {pigments.data?.length === 0 && <p>{t('studio.stock.noPigments')}</p>}
      <ul className="studio-stock">
        {pigments.data?.map((p) => (
          <li key={p.id}>
            <span>
              {t('studio.prestations.pigmentLine', {
                brand: p.brand,
                colour: p.colour,
                lot: p.lot,
              })}{' '}
              · {t('studio.stock.expires', { day: p.expiry })}
            </span>
            <button
              type="button"
              onClick={() => drop.mutate(p.id)}
              aria-label={t('studio.stock.removeItem', { item: `${p.brand} ${p.colour} ${p.lot}` })}
            >
              {t('studio.stock.remove')}
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="studio-inline-form">
        <label htmlFor={`${id}-brand`}>{t('studio.stock.brand')}</label>
        <input id={`${id}-brand`} name="brand" required maxLength={200} />
        <label htmlFor={`${id}-colour`}>{t('studio.stock.colour')}</label>
        <input id={`${id}-colour`} name="colour" required maxLength={200} />
        <label htmlFor={`${id}-lot`}>{t('studio.stock.lot')}</label>
        <input id={`${id}-lot`} name="lot" required maxLength={64} pattern="[\w./\-]+" />
        <label htmlFor={`${id}-expiry`}>{t('studio.stock.expiry')}</label>
        <input id={`${id}-expiry`} name="expiry" type="date" required />
        <button type="submit" disabled={create.isPending}>
          {t('studio.stock.addPigment')}
        </button>
      </form>
      {(create.isError || drop.isError) && <p role="alert">{t('studio.stock.saveError')}</p>}
    </section>
  )
}
