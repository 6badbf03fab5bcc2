import { useEffect, useId, useRef, useState } from 'react'
import type { Shop } from '#contract/shop'
import type { AgendaColumn } from '#domain/studio/agenda-columns'
import { chainSlots } from '#domain/studio/desk-slots'
import { type DeskCustomerChoice, DeskCustomerPicker } from './DeskCustomerPicker'
import { DeskPlace, type DeskPlaceValue } from './DeskPlace'
import { deskRefusalKey } from './desk-words'
import { useStudioText } from './studio-text'
import { useDeskBook } from './use-desk'
import { useDeskServices } from './use-desk-services'

/**
 * Book at the desk (docs/decisions/077-desk-booking.md): the slot (day, time, column: from the
 * calendar's empty time or typed), the customer found or created, one or several services
 * chained in one visit, paid later at the shop. The server takes the site's rule and locks; a
 * slot taken meanwhile is said in an alert and nothing is booked.
 */
export function DeskBooking({
  shop,
  columns,
  draft,
  onClose,
}: {
  shop: Shop
  columns: readonly AgendaColumn[]
  draft: DeskPlaceValue
  onClose: () => void
}) {
  const { t } = useStudioText()
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const [place, setPlace] = useState(draft)
  const [customer, setCustomer] = useState<DeskCustomerChoice>()
  const [picked, setPicked] = useState<readonly string[]>([])
  const [problem, setProblem] = useState<
    'studio.desk.pickCustomer' | 'studio.desk.pickService' | 'studio.desk.pastMidnight'
  >()
  const { services, pending } = useDeskServices(shop)
  const book = useDeskBook(shop.id)
  const submit = () => {
    const chosen = picked.flatMap((p) => services.filter((s) => s.id === p))
    const slots = chainSlots(`${place.day}T${place.time}`, chosen, place.resourceId || undefined)
    if (!customer) return setProblem('studio.desk.pickCustomer')
    if (chosen.length === 0) return setProblem('studio.desk.pickService')
    if (!slots) return setProblem('studio.desk.pastMidnight')
    setProblem(undefined)
    book.mutate({
      shopId: shop.id,
      ...(customer.kind === 'existing'
        ? { customerId: customer.id }
        : { newCustomer: customer.customer }),
      slots,
    })
  }
  const refused =
    book.error &&
    deskRefusalKey(book.error, {
      taken: 'studio.desk.taken',
      forbidden: 'studio.desk.forbidden',
      failed: 'studio.desk.failed',
      exists: 'studio.desk.customerExists',
    })
  return (
    <section
      className="studio-details studio-desk"
      aria-labelledby={id}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose()
      }}
    >
      <h2 id={id} ref={heading} tabIndex={-1}>
        {t('studio.desk.title')}
      </h2>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <DeskPlace value={place} columns={columns} onChange={setPlace} />
        <DeskCustomerPicker onChange={setCustomer} />
        <fieldset>
          <legend>{t('studio.desk.services')}</legend>
          {pending && <p role="status">{t('studio.desk.loadingServices')}</p>}
          {services.map((s) => (
            <label key={s.id} className="studio-desk-service">
              <input
                type="checkbox"
                checked={picked.includes(s.id)}
                onChange={(e) =>
                  setPicked(e.target.checked ? [...picked, s.id] : picked.filter((p) => p !== s.id))
                }
              />
              {s.name} ({t('studio.event.minutes', { minutes: s.duration })})
            </label>
          ))}
        </fieldset>
        <p>{t('studio.desk.payLater')}</p>
        {problem && (
          <p role="alert" className="studio-error">
            {t(problem)}
          </p>
        )}
        {refused && (
          <p role="alert" className="studio-error">
            {t(refused)}
          </p>
        )}
        {book.isSuccess && (
          <p role="status">{t('studio.desk.booked', { ideorder: book.data.ideorder })}</p>
        )}
        <p>
          <button type="submit" disabled={book.isPending}>
            {t('studio.desk.book')}
          </button>
          <button type="button" onClick={onClose}>
            {t('studio.desk.close')}
          </button>
        </p>
      </form>
    </section>
  )
}
