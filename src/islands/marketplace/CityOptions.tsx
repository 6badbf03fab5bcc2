import type { CityCombo } from './city-combobox'
import type { CityOption } from './city-options'

interface CityOptionsProps {
  id: string
  label: string
  options: readonly CityOption[]
  combo: CityCombo
  /** the maps provider's credit, shown under its suggestions (its terms ask for it) */
  credit: string
  onChoose(index: number): void
}

/**
 * The combobox's list of cities (city-combobox.ts); hidden while closed or empty. The provider's
 * credit sits under the list, outside it: a listbox holds options only.
 */
export function CityOptions({ id, label, options, combo, credit, onChoose }: CityOptionsProps) {
  const fromProvider = options.some((option) => option.kind === 'place')
  return (
    <div className="city-popup" hidden={!combo.open || options.length === 0}>
      <div id={id} role="listbox" aria-label={label} className="city-options">
        {options.map((option, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the field's (aria-activedescendant, city-combobox.ts)
          <div
            key={`${option.kind}-${option.label}`}
            id={`${id}-${index}`}
            role="option"
            aria-selected={index === combo.active}
            className="city-option"
            // never in the tab order: the field keeps the focus and points at the active option
            tabIndex={-1}
            // keeps the focus in the field, so the click chooses before the blur closes the list
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(index)}
          >
            {option.label}
          </div>
        ))}
      </div>
      {fromProvider && <p className="city-credit">{credit}</p>}
    </div>
  )
}
