import { useEffect, useRef } from 'react'
import type { CompanyThemes } from '#contract/index'
import { previewMessages } from '#domain/studio/theme-messages'
import { useStudioText } from './studio-text'

/**
 * The real storefront of this host, framed beside the theme form (docs/decisions/084-
 * collections-and-theme-editor.md). The studio is served on the tenant's own host (decision
 * 071), so the frame is same-origin and the site's preview listener accepts its messages
 * (src/scripts/preview/messages.ts); they are posted to that one origin only. Each change of
 * the draft, and each load of the frame (a navigation inside it), sends the whole theme again.
 */
export function PreviewFrame({ themes, path }: { themes: CompanyThemes; path: string }) {
  const { t } = useStudioText()
  const frame = useRef<HTMLIFrameElement>(null)
  const latest = useRef(themes)
  latest.current = themes

  const send = () => {
    const target = frame.current?.contentWindow
    if (!target) return
    for (const message of previewMessages(latest.current)) {
      target.postMessage(message, location.origin)
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: resend whenever the draft changes
  useEffect(send, [themes])

  return (
    <iframe
      ref={frame}
      className="studio-preview"
      title={t('studio.theme.preview')}
      src={path}
      onLoad={send}
    />
  )
}
