import { PrestationForm } from './PrestationForm'
import { Loading, Retry } from './ReadState'
import { useStudioText } from './studio-text'
import { usePrestations } from './use-files'

/** A dossier's prestations, newest first, each with the lots it used; and recording one. */
export function Prestations({ dossierId }: { dossierId: string }) {
  const { t } = useStudioText()
  const { list, create } = usePrestations(dossierId)
  return (
    <div className="studio-prestations">
      {list.isError && (
        <Retry message={t('studio.files.loadError')} onRetry={() => void list.refetch()} />
      )}
      {list.isPending && <Loading message={t('studio.loading')} />}
      {list.data?.length === 0 && <p>{t('studio.prestations.none')}</p>}
      <ul>
        {list.data?.map((p) => (
          <li key={p.id}>
            <strong>
              {p.date} · {p.service}
            </strong>
            {p.pigments.map((g) => (
              <span key={`p${g.pigmentId}${g.lot}`} className="studio-lot">
                {t('studio.prestations.pigmentLine', {
                  brand: g.brand,
                  colour: g.colour,
                  lot: g.lot,
                })}
              </span>
            ))}
            {p.needles.map((n) => (
              <span key={`n${n.needleId}${n.lot}`} className="studio-lot">
                {t('studio.prestations.needleLine', { type: n.type, lot: n.lot })}
              </span>
            ))}
            {p.notes && <span>{p.notes}</span>}
          </li>
        ))}
      </ul>
      <PrestationForm dossierId={dossierId} create={create} />
    </div>
  )
}
