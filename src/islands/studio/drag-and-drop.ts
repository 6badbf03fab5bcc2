import * as addon from 'react-big-calendar/lib/addons/dragAndDrop'

type WithDragAndDrop = typeof addon.default

/**
 * react-big-calendar's drag and drop addon is CommonJS only (`exports.default`): the studio's
 * bundle hands it over wrapped once more (`{ default: withDragAndDrop }`), other tools as is.
 * Either way the function is the one the addon's types describe.
 */
const loaded: unknown = addon.default
export const withDragAndDrop: WithDragAndDrop =
  typeof loaded === 'function'
    ? (loaded as WithDragAndDrop)
    : (loaded as { default: WithDragAndDrop }).default
