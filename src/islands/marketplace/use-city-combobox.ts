import { type KeyboardEvent, useState } from 'react'
import { closedCombo, comboKey, comboTyped } from './city-combobox'
import { placePosition } from './city-options'
import type { SearchAction } from './search-reducer'
import type { SearchShop } from './search-state'
import { type MapsKey, useCityOptions } from './use-city-options'

/**
 * The shop search's city autocomplete (docs/decisions/033-maps-after-consent.md): the combobox
 * state (city-combobox.ts) over the options (use-city-options.ts). A local city is searched as the
 * typed text; a predicted place is searched around its position, as the locate button does.
 */
export function useCityCombobox(
  shops: readonly SearchShop[],
  text: string,
  key: MapsKey | undefined,
  dispatch: (action: SearchAction) => void,
) {
  const [combo, setCombo] = useState(closedCombo)
  const { options, maps } = useCityOptions(shops, text, key)
  const onChoose = (index: number) => {
    const option = options[index]
    setCombo(closedCombo)
    if (option?.kind === 'city') dispatch({ type: 'typed', text: option.label })
    if (option?.kind === 'place' && maps) {
      void placePosition(maps, option.placeId).then((position) => {
        if (!position) return
        dispatch({ type: 'typed', text: '' })
        dispatch({ type: 'located', position })
      })
    }
  }
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const result = comboKey(combo, event.key, options.length)
    if (result.handled) event.preventDefault()
    setCombo(result.combo)
    if (result.chosen !== undefined) onChoose(result.chosen)
  }
  return {
    options,
    combo,
    onKey,
    onChoose,
    onClose: () => setCombo(closedCombo),
    onTyped: (typed: string) => setCombo(comboTyped(typed)),
  }
}
