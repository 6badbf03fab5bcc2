import { type FormEvent, useId } from 'react'
import { useStudioText } from './studio-text'
import { useSaveNotes } from './use-customer-file'

/** The staff's notes on a customer: saved at once, put back when the server refuses. */
export function CustomerNotes({ artebeauteId, notes }: { artebeauteId: string; notes: string }) {
  const { t } = useStudioText()
  const id = useId()
  const save = useSaveNotes(artebeauteId)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    save.mutate(String(new FormData(event.currentTarget).get('notes') ?? ''))
  }
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('studio.file.notes')}</h2>
      <form onSubmit={submit} key={notes}>
        <label htmlFor={`${id}-notes`}>{t('studio.file.notesLabel')}</label>
        <textarea id={`${id}-notes`} name="notes" defaultValue={notes} rows={3} maxLength={4000} />
        <button type="submit" disabled={save.isPending}>
          {t('studio.file.save')}
        </button>
      </form>
      <p role="status">
        {save.isError ? t('studio.file.saveError') : save.isSuccess ? t('studio.file.saved') : ''}
      </p>
    </section>
  )
}
