/**
 * Keyboard moves in the slot grid (WAI-ARIA grid pattern): columns are days, rows the times of
 * each day (columns have different lengths; an empty day has none). Up/Down move within a day,
 * Left/Right to the nearest day that has times (same row, or its last time), Home/End to the
 * first/last time of the day, PageUp/PageDown to the first/last day with times. Any other key
 * returns null (not handled).
 */
export interface GridPosition {
  col: number
  row: number
}

export type GridKey =
  | 'ArrowUp'
  | 'ArrowDown'
  | 'ArrowLeft'
  | 'ArrowRight'
  | 'Home'
  | 'End'
  | 'PageUp'
  | 'PageDown'

const KEYS: readonly string[] = [
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]

export function isGridKey(key: string): key is GridKey {
  return KEYS.includes(key)
}

/** The first position that holds a time, or null in an empty grid. */
export function firstCell(lengths: readonly number[]): GridPosition | null {
  const col = lengths.findIndex((length) => length > 0)
  return col === -1 ? null : { col, row: 0 }
}

function nearestColumn(lengths: readonly number[], from: number, direction: 1 | -1): number {
  for (let col = from + direction; col >= 0 && col < lengths.length; col += direction) {
    if ((lengths[col] ?? 0) > 0) return col
  }
  return -1
}

export function moveInGrid(
  lengths: readonly number[],
  at: GridPosition,
  key: string,
): GridPosition | null {
  if (!isGridKey(key)) return null
  const length = lengths[at.col] ?? 0
  switch (key) {
    case 'ArrowUp':
      return { col: at.col, row: Math.max(0, at.row - 1) }
    case 'ArrowDown':
      return { col: at.col, row: Math.min(Math.max(0, length - 1), at.row + 1) }
    case 'Home':
      return { col: at.col, row: 0 }
    case 'End':
      return { col: at.col, row: Math.max(0, length - 1) }
    case 'ArrowLeft':
    case 'ArrowRight': {
      const col = nearestColumn(lengths, at.col, key === 'ArrowLeft' ? -1 : 1)
      if (col === -1) return at
      return { col, row: Math.min(at.row, (lengths[col] ?? 1) - 1) }
    }
    case 'PageUp': {
      const col = lengths.findIndex((n) => n > 0)
      return col === -1 ? at : { col, row: Math.min(at.row, (lengths[col] ?? 1) - 1) }
    }
    case 'PageDown': {
      const col = lengths.findLastIndex((n) => n > 0)
      return col === -1 ? at : { col, row: Math.min(at.row, (lengths[col] ?? 1) - 1) }
    }
  }
}
