import { createContext, useContext } from 'react'
import type { StudioTranslator } from '#i18n/studio-messages'

/**
 * The studio's words: the page hands its messages to the app once (mount.tsx), every component
 * reads the translator from here instead of taking it in props.
 */
export const StudioText = createContext<StudioTranslator | null>(null)

export function useStudioText(): StudioTranslator {
  const translator = useContext(StudioText)
  if (!translator) throw new Error('useStudioText outside the studio app')
  return translator
}
