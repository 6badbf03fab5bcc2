import type { Shop } from '#contract/shop'
import type { AgendaColumn } from '#domain/studio/agenda-columns'
import { DeskBooking } from './DeskBooking'
import type { DeskPlaceValue } from './DeskPlace'
import { useStudioText } from './studio-text'

/**
 * The "New booking" button (the keyboard path to a desk booking) and the booking form it, or a
 * slot chosen on the calendar, opens (docs/decisions/077-desk-booking.md).
 */
export function DeskLauncher({
  shop,
  day,
  columns,
  draft,
  onDraft,
}: {
  shop: Shop
  day: string
  columns: readonly AgendaColumn[]
  draft: DeskPlaceValue | undefined
  onDraft: (draft: DeskPlaceValue | undefined) => void
}) {
  const { t } = useStudioText()
  const first = columns.find((c) => c.kind !== 'unassigned')?.id ?? ''
  return (
    <>
      <p className="studio-desk-launch">
        <button type="button" onClick={() => onDraft({ day, time: '10:00', resourceId: first })}>
          {t('studio.desk.newBooking')}
        </button>
      </p>
      {draft && (
        <DeskBooking
          key={`${draft.day}T${draft.time}:${draft.resourceId}`}
          shop={shop}
          columns={columns}
          draft={draft.resourceId ? draft : { ...draft, resourceId: first }}
          onClose={() => onDraft(undefined)}
        />
      )}
    </>
  )
}
