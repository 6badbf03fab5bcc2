import { useEffect, useRef } from 'react'
import type { CompanyThemes } from '#contract/index'
import { type PreviewMessage, pageMessage, previewMessages } from '#domain/studio/theme-messages'
import { useStudioText } from './studio-text'

/**
 * The real storefront of this host, framed beside the theme form (docs/decisions/084-
 * collections-and-theme-editor.md). The studio is served on the tenant's own host (decision
 * 071), so the frame is same-origin and the site's preview listener accepts its messages
 * (src/scripts/preview/messages.ts); they are posted to that one origin only. Each change of
 * the draft, and each load of the frame (a navigation inside it), sends the whole theme again,
 * with the settings' `extra` messages (the logo's size, decision 089). A new `page` (the section
 * being edited shows on another page) is a url message: the site navigates, keeping the preview.
 */
export function PreviewFrame({
  themes,
  path,
  extra = [],
  page,
}: {
  themes: CompanyThemes
  path: string
  extra?: readonly PreviewMessage[]
  page?: string | undefined
}) {
  const { t } = useStudioText()
  const frame = useRef<HTMLIFrameElement>(null)
  const latest = useRef({ themes, extra })
  latest.current = { themes, extra }

  const post = (messages: readonly PreviewMessage[]) => {
    const target = frame.current?.contentWindow
    if (!target) return
    for (const message of messages) target.postMessage(message, location.origin)
  }
  const send = () => post([...previewMessages(latest.current.themes), ...latest.current.extra])

  // biome-ignore lint/correctness/useExhaustiveDependencies: resend whenever the draft changes
  useEffect(send, [themes, extra])
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new page navigates
  useEffect(() => {
    if (page) post([pageMessage(page)])
  }, [page])

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
