import sanitizeHtml from 'sanitize-html'
import type { TranslatedText } from '#contract/common.ts'
import { tenantHtmlOptions } from '#domain/content/tenant-html-options.ts'

/**
 * A rich text as kept: each language cleaned by the site's tenant HTML policy
 * (src/domain/content/tenant-html-options.ts, the options the build sanitises with), so what a
 * studio's editor or any API caller sends is stored without scripts, handlers or foreign
 * schemes. The build still sanitises at render: the stored text is clean for every other reader
 * (the preview, the studio) too. Images are kept as written; the build knows the storage origin.
 */
export function cleanRichText(text: TranslatedText): TranslatedText {
  const options = tenantHtmlOptions()
  return Object.fromEntries(
    Object.entries(text).map(([lang, html]) => [lang, sanitizeHtml(html ?? '', options).trim()]),
  )
}
