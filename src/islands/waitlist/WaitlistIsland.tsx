import { useEffect, useState } from 'react'
import { DEFAULT_TIME_ZONE } from '#contract/constants'
import type { WaitlistEntry } from '#contract/waitlist'
import { errorMessage } from '#i18n/error-messages'
import type { AccountLinks } from '../account/links'
import { Loading, SignedOut } from '../account/SignedOut'
import { useCustomer } from '../account/use-customer'
import { dateLabel, timeLabel } from '../booking/dates'
import type { PaymentSettings } from '../shared/forms/PaymentWithBack'
import { islandApi } from '../shared/island-api'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import {
  canLeave,
  type OfferOutcome,
  offerTokenOf,
  offerWhen,
  replaceEntry,
  STATE_KEYS,
} from './entries-state'
import { OfferPayment } from './OfferPayment'

interface Props extends TranslatedProps {
  links: AccountLinks
  /** how a held offer is paid (the company's provider) */
  payment: Omit<PaymentSettings, 'locale' | 'messages'>
  /** shop id → name, service id → name */
  shops: Record<string, string>
  services: Record<string, string>
  /** shop id → its time zone (docs/decisions/064-error-page-preview-and-shop-times.md) */
  zones: Record<string, string>
}

/**
 * /profile/waitlist (docs/decisions/040-waitlist.md): the customer's waitlist entries with their
 * state, a button to leave each live one, and the offer link's outcome when the address carries
 * its token (#token): the slot held (pay it in the cart) or booked.
 */
export default function WaitlistIsland({
  links,
  payment,
  shops,
  services,
  zones,
  ...props
}: Props) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const [customer] = useCustomer()
  const [entries, setEntries] = useState<WaitlistEntry[] | null>(null)
  const [offer, setOffer] = useState<OfferOutcome>({ status: 'none' })
  const [failure, setFailure] = useState<unknown>()
  const signedIn = customer.status === 'ready'

  useEffect(() => {
    if (!signedIn) return
    const token = offerTokenOf(location.hash)
    const opened = token
      ? islandApi.waitlist.offer({ body: { token } }).then(
          (answer) => setOffer({ status: answer.status, entry: answer.entry }),
          (error: unknown) => setOffer({ status: 'failed', error }),
        )
      : Promise.resolve()
    void opened
      .then(() => islandApi.waitlist.list())
      .then(setEntries, (error: unknown) => {
        setFailure(error)
        setEntries([])
      })
  }, [signedIn])

  if (!mounted || customer.status === 'loading') return <Loading t={t} />
  if (customer.status === 'signed-out') return <SignedOut t={t} links={links} />
  if (entries === null) return <Loading t={t} />

  const leave = async (entry: WaitlistEntry) => {
    try {
      await islandApi.waitlist.leave({ query: { entryId: entry.id } })
      setEntries((list) => replaceEntry(list ?? [], { ...entry, state: 'left', offer: null }))
    } catch (error) {
      setFailure(error)
    }
  }
  const paid = async (entry: WaitlistEntry) => {
    setOffer({ status: 'booked', entry })
    setEntries(await islandApi.waitlist.list().catch(() => entries))
  }
  const when = (start: string) => {
    const { date, time } = offerWhen(start)
    return t.t('booking.slotWhen', {
      date: dateLabel(date, t.locale),
      time: timeLabel(time, t.locale),
    })
  }

  return (
    <div className="account-card waitlist-entries">
      <div role="status" aria-live="polite" className="waitlist-offer">
        {offer.status === 'held' && offer.entry.offer && (
          <OfferPayment
            t={t}
            entry={offer.entry}
            when={when(offer.entry.offer.start)}
            timeZone={zones[offer.entry.shopId] ?? DEFAULT_TIME_ZONE}
            payment={{ ...payment, locale: props.locale, messages: props.messages }}
            onPaid={() => void paid(offer.entry)}
          />
        )}
        {offer.status === 'booked' && <p>{t.t('waitlist.offer.booked')}</p>}
        {offer.status === 'failed' && <p role="alert">{errorMessage(offer.error, t)}</p>}
      </div>
      {failure !== undefined && <p role="alert">{errorMessage(failure, t)}</p>}
      {entries.length === 0 ? (
        <p>{t.t('waitlist.account.empty')}</p>
      ) : (
        <ul className="waitlist-entries__list">
          {entries.map((entry) => (
            <li key={entry.id} data-waitlist-entry={entry.state}>
              <p>
                <strong>{dateLabel(entry.day, t.locale)}</strong>{' '}
                {t.t('waitlist.account.window', {
                  from: timeLabel(entry.from, t.locale),
                  to: timeLabel(entry.to, t.locale),
                })}
              </p>
              <p>
                {entry.servicesId.map((id) => services[id] ?? id).join(', ')} –{' '}
                {shops[entry.shopId] ?? entry.shopId}
              </p>
              <p>{t.t(STATE_KEYS[entry.state])}</p>
              {entry.offer && <p>{when(entry.offer.start)}</p>}
              {canLeave(entry) && (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => void leave(entry)}
                >
                  {t.t('waitlist.account.leave')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
