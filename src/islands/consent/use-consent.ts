import { useCallback, useEffect, useState } from 'react'
import type { ConsentView } from '#contract/consent'
import { errorMessage } from '#i18n/error-messages'
import type { Locale } from '#i18n/locales'
import type { AppTranslator } from '#i18n/messages'
import { islandApi } from '../shared/island-api'

export type ConsentTargetRef = { readonly link: string } | { readonly orderId: string }

/**
 * The signing page's calls (docs/decisions/080-consent-record.md): the visit's forms read once in
 * the page's language, then each signature, after which the forms are read again (a version
 * replaced meanwhile shows its new text). Failures become the catalogs' words.
 */
export function useConsent(target: ConsentTargetRef, locale: Locale, t: AppTranslator) {
  const [view, setView] = useState<ConsentView>()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState<string>()
  const body = { ...target, locale }
  // biome-ignore lint/correctness/useExhaustiveDependencies: the target is read by value
  const load = useCallback(async () => {
    try {
      setView(await islandApi.consents.form({ body }))
    } catch (failure) {
      setError(errorMessage(failure, t, 'consent'))
    }
  }, [JSON.stringify(body), t])
  useEffect(() => {
    void load()
  }, [load])
  const sign = async (templateId: string, versionId: string, fullName: string) => {
    setBusy(templateId)
    setError('')
    try {
      await islandApi.consents.sign({
        body: { ...body, templateId, versionId, fullName, agree: true },
      })
    } catch (failure) {
      setError(errorMessage(failure, t, 'consent'))
    }
    await load()
    setBusy(undefined)
  }
  return { view, error, busy, sign }
}
