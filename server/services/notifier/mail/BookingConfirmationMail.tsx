import type { MailBrand } from './brand.ts'
import type { MailProps } from './kinds.ts'
import { Layout } from './Layout.tsx'
import type { MailText } from './mail-text.ts'
import { Greeting, Paragraph } from './parts.tsx'
import { Rows, type TableRow } from './Rows.tsx'
import { VisitClosing } from './VisitClosing.tsx'

/**
 * The booking confirmation (services/booking/mail/confirmation-mail.ts): every appointment with its
 * price as charged, the coupon and vouchers as their own lines, what was paid online or is due
 * at the shop (decision 011), the address, the manage link (decision 038) and the calendar.
 */
export function BookingConfirmationMail(props: {
  p: MailProps['booking-confirmation']
  text: MailText
  brand: MailBrand
}) {
  const { p, text, brand } = props
  const rows: TableRow[] = [
    {
      key: 'head',
      cells: [
        text.t('mail.booking.service'),
        text.t('mail.booking.when'),
        text.t('mail.booking.price'),
      ],
    },
    ...p.lines.map((line, index) => ({
      key: `line${index}`,
      cells: [line.service, text.when(line.localStart), text.money(line.priceCents)],
    })),
    ...(p.couponCents > 0
      ? [
          {
            key: 'coupon',
            cells: [text.t('mail.booking.coupon'), '', `−${text.money(p.couponCents)}`],
          },
        ]
      : []),
    ...(p.voucherCents > 0
      ? [
          {
            key: 'voucher',
            cells: [text.t('mail.booking.voucher'), '', `−${text.money(p.voucherCents)}`],
          },
        ]
      : []),
    {
      key: 'total',
      cells: [
        text.t(p.dueAtShop ? 'mail.booking.dueAtShop' : 'mail.booking.paid'),
        '',
        text.money(p.toPayCents),
      ],
    },
  ]
  return (
    <Layout
      brand={brand}
      text={text}
      preview={text.t('mail.booking.preview', { number: p.number, shop: p.shop })}
      heading={text.t('mail.booking.heading')}
      reason="mail.reason.booking"
    >
      <Greeting text={text} name={p.firstname} />
      <Paragraph>{text.t('mail.booking.intro', { number: p.number, shop: p.shop })}</Paragraph>
      <Rows rows={rows} />
      {p.address ? (
        <Paragraph>{text.t('mail.common.address', { address: p.address })}</Paragraph>
      ) : null}
      <VisitClosing
        manageLink={p.manageLink}
        calendar={p.calendar}
        calendarNote="mail.calendar.attached"
        text={text}
        brand={brand}
      />
    </Layout>
  )
}
