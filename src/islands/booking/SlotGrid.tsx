import type { KeyboardEvent } from 'react'
import type { FreeSlot } from '#domain/booking/free-slots'
import type { GridPosition } from '#domain/booking/grid-nav'
import type { AppTranslator } from '#i18n/messages'
import { dateLabel, timeLabel } from './dates'
import type { ChosenSlot } from './slot-picker-state'

interface SlotGridProps {
  t: AppTranslator
  dates: readonly string[]
  /** the free starts, one column per date */
  columns: readonly FreeSlot[][]
  rows: number
  selected: ChosenSlot | null
  /** the one cell in the tab order */
  active: GridPosition | null
  onKeyDown(event: KeyboardEvent<HTMLTableElement>): void
  choose(date: string, slot: FreeSlot, position: GridPosition): void
  cellRef(key: string): (element: HTMLButtonElement | null) => void
}

/**
 * The slot picker's times as an ARIA grid (one column per day): one cell is in the tab order,
 * arrow keys move (grid-nav.ts, in use-slot-picker.ts), Enter or Space choose.
 */
export function SlotGrid(props: SlotGridProps) {
  const { t, dates, columns, selected, active } = props
  return (
    <>
      <p id="slot-picker-help" className="slot-picker__help">
        {t.t('booking.gridHelp')}
      </p>
      <div className="slot-picker__scroll">
        <table
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA grid pattern on a table
          role="grid"
          className="slot-grid"
          aria-labelledby="slot-picker-title"
          aria-describedby="slot-picker-help"
          onKeyDown={props.onKeyDown}
        >
          <thead>
            <tr>
              {dates.map((date) => (
                <th key={date} scope="col">
                  <abbr title={dateLabel(date, t.locale)}>
                    {dateLabel(date, t.locale, 'short')}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: props.rows }, (_, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions
              <tr key={row}>
                {dates.map((date, col) => {
                  const slot = columns[col]?.[row]
                  if (!slot) {
                    return (
                      <td key={date} className="slot-grid__none">
                        {row === 0 ? t.t('booking.noSlotDay') : ''}
                      </td>
                    )
                  }
                  const isSelected = selected?.date === date && selected.start === slot.start
                  const isActive = active?.col === col && active.row === row
                  const time = timeLabel(slot.start, t.locale)
                  return (
                    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a td of a role=grid table is a gridcell
                    <td key={date} aria-selected={isSelected}>
                      <button
                        type="button"
                        className="slot-grid__time"
                        tabIndex={isActive ? 0 : -1}
                        aria-label={t.t('booking.slotWhen', {
                          date: dateLabel(date, t.locale),
                          time,
                        })}
                        ref={props.cellRef(`${col}:${row}`)}
                        onClick={() => props.choose(date, slot, { col, row })}
                      >
                        {time}
                      </button>
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
