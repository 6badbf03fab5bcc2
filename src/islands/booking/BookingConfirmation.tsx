import { useEffect, useMemo, useState } from 'react'
import { buildIcs } from '#domain/booking/ics'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { type BookingConfirmationData, readConfirmation } from './confirmation'
import { dateLabel, timeLabel } from './dates'

export interface BookingConfirmationProps extends TranslatedProps {
  /** the company's name, for the calendar's name and the event titles */
  companyName: string
  host: string
}

/**
 * /payments/success (docs/product/4-states.md#booking-cart): the booked appointments and an
 * add-to-calendar file (RFC 5545, src/domain/booking/ics.ts) offered as a download. Shows nothing
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

  const href = useMemo(() => {
    if (!data) return null
    const ics = buildIcs(
      data.lines.map((line, index) => ({
        uid: `${data.orderId ?? data.cartId}-${index}-${line.serviceId}@${props.host}`,
        start: line.start,
        end: line.end,
        timeZone: line.timeZone,
        summary: `${line.name} – ${props.companyName}`,
        description: [
          line.shopName,
          line.employeeName ? t.t('booking.with', { name: line.employeeName }) : '',
        ]
          .filter(Boolean)
          .join('\n'),
        location: data.location || line.shopName,
      })),
      { now: new Date(), productId: '-//Storefront//Booking//EN', calendarName: props.companyName },
    )
    return `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`
  }, [data, props.companyName, props.host, t])

  if (!mounted || !data || !href) return null
  return (
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
      <p>
        <a className="button" href={href} download="reservation.ics">
          {t.t('booking.addToCalendar')}
        </a>
      </p>
    </section>
  )
}

export default BookingConfirmation
