import { useId, useState } from 'react'
import { type CompanySecretName, PAYMENT_SECRET_NAMES, type PaymentProvider } from '#contract/index'
import { Loading, Retry } from '../ReadState'
import { useStudioText } from '../studio-text'
import { useKeyStore } from './use-secret-keys'

/** One key: its state, a field to set or replace it (never filled from the server), a clear. */
function KeyRow({
  name,
  set,
  onSave,
  busy,
}: {
  name: CompanySecretName
  set: boolean
  onSave: (value: string | undefined) => void
  busy: boolean
}) {
  const { t } = useStudioText()
  const id = useId()
  const [value, setValue] = useState('')
  return (
    <div className="studio-field-row">
      <label htmlFor={id}>{name}</label>
      <p id={`${id}-state`}>
        {set ? t('studio.settings.payment.keySet') : t('studio.settings.payment.keyNotSet')}
      </p>
      <input
        id={id}
        type="password"
        autoComplete="off"
        spellCheck={false}
        aria-describedby={`${id}-state`}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <div className="studio-theme__actions">
        <button
          type="button"
          disabled={busy || value.trim() === ''}
          onClick={() => {
            onSave(value.trim())
            setValue('')
          }}
        >
          {set ? t('studio.settings.payment.replace') : t('studio.settings.payment.save')}
        </button>
        {set && (
          <button type="button" disabled={busy} onClick={() => onSave(undefined)}>
            {t('studio.settings.payment.clear')}
          </button>
        )}
      </div>
    </div>
  )
}

/** The provider's secret keys: stored sealed on the server, shown only as set or not. */
export function KeyStore({ provider }: { provider: PaymentProvider }) {
  const { t } = useStudioText()
  const { states, change } = useKeyStore()
  const names: readonly CompanySecretName[] = PAYMENT_SECRET_NAMES[provider]
  if (names.length === 0) return null
  if (states.isError) {
    return (
      <Retry
        message={t('studio.settings.payment.loadError')}
        onRetry={() => void states.refetch()}
      />
    )
  }
  if (!states.data) return <Loading message={t('studio.loading')} />
  const byName = new Map(states.data.secrets.map((s) => [s.name, s.set]))
  return (
    <fieldset>
      <legend>{t('studio.settings.payment.keys')}</legend>
      <p className="studio-hint">{t('studio.settings.payment.keysHint')}</p>
      {names.map((name) => (
        <KeyRow
          key={name}
          name={name}
          set={byName.get(name) === true}
          busy={change.isPending}
          onSave={(value) => change.mutate({ name, value })}
        />
      ))}
      <p role="status">{change.isSuccess ? t('studio.settings.payment.keySaved') : ''}</p>
      {change.isError && <p role="alert">{t('studio.settings.payment.keyError')}</p>}
    </fieldset>
  )
}
