import { type FormEvent, useEffect, useId, useReducer } from 'react'
import { errorMessage } from '#i18n/error-messages'
import type { AppTranslator } from '#i18n/messages'
import { dateLabel } from '../booking/dates'
import { islandApi } from '../shared/island-api'
import { initialJoin, joinBody, joinReducer, needsSignIn, windowValid } from './join-state'

interface Props {
  t: AppTranslator
  shopId: string
  serviceId: string
  /** the shown days without a free start */
  days: readonly string[]
}

/**
 * "No time free? Join the waitlist" under the slot picker (docs/decisions/040-waitlist.md): a
 * disclosure (native details/summary, keyboard operable) with the day, a window and a submit
 * button; the outcome is announced in a live region. State in join-state.ts.
 */
export function WaitlistJoin({ t, shopId, serviceId, days }: Props) {
  const id = useId()
  const [state, dispatch] = useReducer(joinReducer, days, initialJoin)
  const firstDay = days[0] ?? ''
  useEffect(() => {
    if (!days.includes(state.day) && firstDay) dispatch({ type: 'day', day: firstDay })
  }, [days, firstDay, state.day])
  if (days.length === 0) return null
  const valid = windowValid(state)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!valid || state.status === 'sending') return
    dispatch({ type: 'sending' })
    try {
      await islandApi.waitlist.join({
        body: joinBody(state, { shopId, serviceId, locale: t.locale }),
      })
      dispatch({ type: 'joined' })
    } catch (error) {
      dispatch({ type: 'failed', error })
    }
  }

  return (
    <details className="waitlist-join">
      <summary>{t.t('waitlist.join.open')}</summary>
      <form onSubmit={submit} className="waitlist-join__form" aria-describedby={`${id}-hint`}>
        <p id={`${id}-hint`}>{t.t('waitlist.join.hint')}</p>
        <p>
          <label htmlFor={`${id}-day`}>{t.t('waitlist.join.day')}</label>
          <select
            id={`${id}-day`}
            value={state.day}
            onChange={(event) => dispatch({ type: 'day', day: event.target.value })}
          >
            {days.map((day) => (
              <option key={day} value={day}>
                {dateLabel(day, t.locale)}
              </option>
            ))}
          </select>
        </p>
        <p>
          <label htmlFor={`${id}-from`}>{t.t('waitlist.join.from')}</label>
          <input
            id={`${id}-from`}
            type="time"
            step={900}
            value={state.from}
            onChange={(event) => dispatch({ type: 'from', from: event.target.value })}
          />
          <label htmlFor={`${id}-to`}>{t.t('waitlist.join.to')}</label>
          <input
            id={`${id}-to`}
            type="time"
            step={900}
            value={state.to}
            aria-invalid={!valid}
            onChange={(event) => dispatch({ type: 'to', to: event.target.value })}
          />
        </p>
        <button type="submit" className="button" disabled={state.status === 'sending'}>
          {t.t('waitlist.join.submit')}
        </button>
        <p aria-live="polite" className="waitlist-join__status">
          {!valid && t.t('waitlist.join.badWindow')}
          {state.status === 'joined' && t.t('waitlist.join.joined')}
          {state.status === 'failed' &&
            (needsSignIn(state.error) ? t.t('waitlist.join.signIn') : errorMessage(state.error, t))}
        </p>
      </form>
    </details>
  )
}
