import { useEffect, useMemo, useState } from 'react'
import type { VisitPolicy } from '#contract/visit-policy'
import { PolicyNote } from '../manage/PolicyNote'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { type BookingConfirmationData, readConfirmation } from './confirmation'
import { confirmationCalendar } from './confirmation-calendar'
import { dateLabel, timeLabel } from './dates'

export interface BookingConfirmationProps extends TranslatedProps {
  /** the company's name, for the calendar's name and the event titles */
  companyName: string
  host: string
  /** shop id -> its visit policy, from the build's snapshot */
  policies: Readonly<Record<string, VisitPolicy>>
}

/**
 * /payments/success (docs/product/4-states.md#booking-cart): the booked appointments and an
 * add-to-calendar file (RFC 5545, src/domain/booking/ics.ts) offered as a download, with Google and
 * Outlook links (confirmation-calendar.ts), then the booked shop's word on cancelling and moving
 * (docs/decisions/038-visit-policy.md). One render draws them all, so nothing drawn moves another
 * (no layout shift). Shows nothing
 * without a confirmed booking in this tab (a gift or e-shop payment lands here too).
 */
function BookingConfirmation(props: BookingConfirmationProps) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const [data, setData] = useState<BookingConfirmationData | null>(null)
  useEffect(() => {
    const stored = readConfirmation()
    setData(stored?.confirmed ? stored : null)
  }, [])

  const calendar = useMemo(
    () =>
      data
        ? confirmationCalendar(
            data,
            { name: props.companyName, host: props.host },
            (name) => t.t('booking.with', { name }),
            new Date(),
          )
        : null,
    [data, props.companyName, props.host, t],
  )

  if (!mounted || !data || !calendar) return null
  const policy = props.policies[data.shopId]
  return (
    <>
      <section className="booking-confirmation" aria-labelledby="booking-confirmation-title">
        <h2 id="booking-confirmation-title">{t.t('booking.confirmationTitle')}</h2>
        {data.ideorder && <p>{t.t('booking.orderNumber', { id: data.ideorder })}</p>}
        <ul>
          {data.lines.map((line) => (
            <li key={`${line.serviceId}@${line.start}`}>
              <strong>{line.name}</strong>
              {' – '}
              {t.t('booking.slotWhen', {
                date: dateLabel(line.start.slice(0, 10), t.locale),
                time: timeLabel(line.start.slice(11), t.locale),
              })}
              {line.employeeName ? ` – ${t.t('booking.with', { name: line.employeeName })}` : ''}
              {line.shopName ? ` – ${line.shopName}` : ''}
            </li>
          ))}
        </ul>
        <nav className="booking-confirmation__calendar" aria-label={t.t('calendar.links')}>
          <a className="button" href={calendar.file} download="reservation.ics">
            {t.t('booking.addToCalendar')}
          </a>
          {calendar.links && (
            <>
              <a href={calendar.links.google} target="_blank" rel="noopener noreferrer">
                {t.t('calendar.google')}
                <span className="visually-hidden"> {t.t('calendar.newWindow')}</span>
              </a>
              <a href={calendar.links.outlook} target="_blank" rel="noopener noreferrer">
                {t.t('calendar.outlook')}
                <span className="visually-hidden"> {t.t('calendar.newWindow')}</span>
              </a>
            </>
          )}
        </nav>
      </section>
      {policy && <PolicyNote t={t} policy={policy} heading="h2" />}
    </>
  )
}

export default BookingConfirmation
