import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { customerName } from '#domain/studio/customer-name'
import { islandApi } from '#islands/shared/island-api'
import { Loading, Retry } from './ReadState'
import { studioKeys } from './studio-queries'
import { useStudioText } from './studio-text'

/** Traceability: every prestation a pigment or needle lot was used in, and whom it touched. */
export function LotSearch() {
  const { t } = useStudioText()
  const id = useId()
  const [lot, setLot] = useState('')
  const uses = useQuery({
    queryKey: studioKeys.lot(lot),
    queryFn: () => islandApi.prestations.byLot({ query: { lot } }),
    enabled: lot !== '',
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setLot(String(new FormData(event.currentTarget).get('lot') ?? '').trim())
  }
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('studio.lots.heading')}</h2>
      <search className="studio-search">
        <form onSubmit={submit}>
          <label htmlFor={`${id}-lot`}>{t('studio.lots.label')}</label>
          <input id={`${id}-lot`} name="lot" type="search" required maxLength={64} />
          <button type="submit">{t('studio.lots.search')}</button>
        </form>
      </search>
      {uses.isError && (
        <Retry message={t('studio.lots.error')} onRetry={() => void uses.refetch()} />
      )}
      {lot !== '' && uses.isPending && <Loading message={t('studio.loading')} />}
      {uses.data && (
        <>
          <p role="status">
            {uses.data.length === 0 ? t('studio.lots.none') : t('studio.lots.found', { lot })}
          </p>
          <ul className="studio-lot-uses">
            {uses.data.map((u) => (
              <li key={`${u.prestationId}-${u.kind}-${u.product}`}>
                {u.date} ·{' '}
                {u.customer
                  ? customerName(u.customer) || u.customer.artebeauteId
                  : t('studio.lots.erased')}{' '}
                · {u.service} · {u.product}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
