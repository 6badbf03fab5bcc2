import type { UseMutationResult } from '@tanstack/react-query'
import { type FormEvent, useId } from 'react'
import type * as z from 'zod/mini'
import type { Prestation, prestationBody } from '#contract/customer-files'
import { pigmentLabel } from '#domain/studio/customer-files'
import { useStudioText } from './studio-text'
import { useStock } from './use-files'

type Create = UseMutationResult<Prestation, Error, z.input<typeof prestationBody>>

/** Records a performed service: date, service, notes, and the pigments and needles it used. */
export function PrestationForm({ dossierId, create }: { dossierId: string; create: Create }) {
  const { t } = useStudioText()
  const id = useId()
  const { pigments, needles } = useStock()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const element = event.currentTarget
    const form = new FormData(element)
    create.mutate(
      {
        dossierId,
        date: String(form.get('date')),
        service: String(form.get('service') ?? '').trim(),
        notes: String(form.get('notes') ?? ''),
        pigmentIds: form.getAll('pigment').map(String),
        needleIds: form.getAll('needle').map(String),
      },
      { onSuccess: () => element.reset() },
    )
  }
  return (
    <form onSubmit={submit} className="studio-prestation-form" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t('studio.prestations.new')}</h3>
      <label htmlFor={`${id}-date`}>{t('studio.prestations.date')}</label>
      <input
        id={`${id}-date`}
        name="date"
        type="date"
        required
        defaultValue={new Date().toISOString().slice(0, 10)}
      />
      <label htmlFor={`${id}-service`}>{t('studio.prestations.service')}</label>
      <input id={`${id}-service`} name="service" required maxLength={200} />
      <fieldset>
        <legend>{t('studio.prestations.pigments')}</legend>
        {pigments.data?.length === 0 && <p>{t('studio.stock.noPigments')}</p>}
        {pigments.data?.map((p) => (
          <label key={p.id} className="studio-check">
            <input type="checkbox" name="pigment" value={p.id} />
            {pigmentLabel(p)} · {t('studio.stock.lotOf', { lot: p.lot })}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('studio.prestations.needles')}</legend>
        {needles.data?.length === 0 && <p>{t('studio.stock.noNeedles')}</p>}
        {needles.data?.map((n) => (
          <label key={n.id} className="studio-check">
            <input type="checkbox" name="needle" value={n.id} />
            {n.type} · {t('studio.stock.lotOf', { lot: n.lot })}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-notes`}>{t('studio.prestations.notes')}</label>
      <textarea id={`${id}-notes`} name="notes" rows={2} maxLength={4000} />
      <button type="submit" disabled={create.isPending}>
        {t('studio.prestations.record')}
      </button>
      {create.isError && <p role="alert">{t('studio.prestations.error')}</p>}
    </form>
  )
}
