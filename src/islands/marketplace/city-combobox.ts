/**
 * The city autocomplete of the shop search as an ARIA combobox (the APG "list autocomplete"
 * pattern; docs/decisions/033-maps-after-consent.md): typing opens the list with no option active;
 * ArrowDown and ArrowUp open it and move the active option, wrapping; Enter chooses the active
 * option; Escape closes the list (only then is the key the combobox's). Pure: the view
 * (CityOptions.tsx, SearchBox.tsx) gives it the key and the number of options.
 */
export interface CityCombo {
  readonly open: boolean
  /** the active option's index, -1 when none is */
  readonly active: number
}

export const closedCombo: CityCombo = { open: false, active: -1 }

export interface ComboKeyResult {
  readonly combo: CityCombo
  /** the option the key chose, if any */
  readonly chosen?: number
  /** the key was the combobox's: the view prevents its default */
  readonly handled: boolean
}

export function comboTyped(text: string): CityCombo {
  return { open: text.trim() !== '', active: -1 }
}

export function comboKey(combo: CityCombo, key: string, count: number): ComboKeyResult {
  const showing = combo.open && count > 0
  switch (key) {
    case 'ArrowDown':
      if (count === 0) return { combo, handled: false }
      return {
        combo: { open: true, active: showing ? (combo.active + 1) % count : 0 },
        handled: true,
      }
    case 'ArrowUp':
      if (count === 0) return { combo, handled: false }
      return {
        combo: { open: true, active: showing && combo.active > 0 ? combo.active - 1 : count - 1 },
        handled: true,
      }
    case 'Enter':
      if (!showing || combo.active < 0 || combo.active >= count) return { combo, handled: false }
      return { combo: closedCombo, chosen: combo.active, handled: true }
    case 'Escape':
      return showing ? { combo: closedCombo, handled: true } : { combo, handled: false }
    default:
      return { combo, handled: false }
  }
}
