import { useState } from 'react'
import { useStudioText } from './studio-text'
import { downloadArchive, useErase } from './use-customer-file'

/**
 * The owner's export and erasure of a customer's data (docs/decisions/079-customer-files-and-erasure.md).
 * The erasure cannot be undone: it asks for a second, explicit confirmation.
 */
export function CustomerRights({
  artebeauteId,
  onErased,
}: {
  artebeauteId: string
  onErased: () => void
}) {
  const { t } = useStudioText()
  const [state, setState] = useState<'idle' | 'exporting' | 'failed' | 'confirm'>('idle')
  const erase = useErase(artebeauteId)
  const exportNow = () => {
    setState('exporting')
    downloadArchive(artebeauteId).then(
      () => setState('idle'),
      () => setState('failed'),
    )
  }
  return (
    <section aria-labelledby="studio-rights">
      <h2 id="studio-rights">{t('studio.file.rights')}</h2>
      <button type="button" onClick={exportNow} disabled={state === 'exporting'}>
        {t('studio.file.export')}
      </button>
      {state === 'confirm' ? (
        <div role="alertdialog" aria-labelledby="studio-erase-q" className="studio-confirm">
          <p id="studio-erase-q">{t('studio.file.eraseConfirm')}</p>
          <button type="button" onClick={() => erase.mutate(undefined, { onSuccess: onErased })}>
            {t('studio.file.eraseYes')}
          </button>
          <button type="button" onClick={() => setState('idle')}>
            {t('studio.file.eraseNo')}
          </button>
        </div>
      ) : (
        <button type="button" onClick={() => setState('confirm')}>
          {t('studio.file.erase')}
        </button>
      )}
      <p role="status">{state === 'failed' || erase.isError ? t('studio.file.rightsError') : ''}</p>
    </section>
  )
}
