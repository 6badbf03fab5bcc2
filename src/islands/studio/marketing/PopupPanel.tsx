import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import type { Company } from '#contract/index'
import type { Locale } from '#i18n/index'
import { islandApi } from '#islands/shared/island-api'
import { ImageUrlField } from '../ImageUrlField'
import { useStudioText } from '../studio-text'
import { marketingKeys } from './marketing-queries'
import { SaveOutcome } from './SaveOutcome'
import { TranslatedFields, written } from './TranslatedFields'
import { useCompanySettings } from './use-company-settings'

type Booker = Company['booker']

/**
 * The home page's coupon pop-up (docs/product/2-screens.md): on or off, its text per language, the coupon
 * whose amount it shows (none: every current coupon) and its picture instead of the word cloud.
 */
export function PopupPanel({ booker, locales }: { booker: Booker; locales: readonly Locale[] }) {
  const { t } = useStudioText()
  const id = useId()
  const save = useCompanySettings()
  const coupons = useQuery({
    queryKey: marketingKeys.coupons,
    queryFn: () => islandApi.content.couponsAll(),
  })
  const [on, setOn] = useState(booker.couponsPopupHome)
  const [text, setText] = useState(booker.couponsPopupText)
  const [couponId, setCouponId] = useState(booker.couponsPopupCouponId ?? '')
  const [image, setImage] = useState(booker.popupImg?.url)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(({ couponsPopupCouponId: _old, popupImg: _img, ...rest }) => ({
      ...rest,
      couponsPopupHome: on,
      couponsPopupText: written(text),
      ...(couponId ? { couponsPopupCouponId: couponId } : {}),
      ...(image ? { popupImg: { url: image } } : {}),
    }))
  }
  return (
    <form className="studio-marketing__form" onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('studio.marketing.tab.popup')}</h2>
      <span className="studio-marketing__check">
        <input
          id={`${id}-on`}
          type="checkbox"
          checked={on}
          onChange={(e) => setOn(e.target.checked)}
        />
        <label htmlFor={`${id}-on`}>{t('studio.marketing.popup.enabled')}</label>
      </span>
      <TranslatedFields
        long
        label={(language) => t('studio.marketing.textIn', { language })}
        locales={locales}
        value={text}
        onChange={setText}
      />
      <span className="studio-marketing__field">
        <label htmlFor={`${id}-coupon`}>{t('studio.marketing.popup.coupon')}</label>
        <select id={`${id}-coupon`} value={couponId} onChange={(e) => setCouponId(e.target.value)}>
          <option value="">{t('studio.marketing.popup.allCoupons')}</option>
          {(coupons.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.code ?? c.id} ({c.reductionType === 'percentage' ? `${c.amount} %` : c.amount})
            </option>
          ))}
        </select>
      </span>
      <span className="studio-marketing__field">
        <ImageUrlField
          label={t('studio.marketing.popup.image')}
          value={image}
          onChange={setImage}
        />
      </span>
      <span className="studio-marketing__buttons">
        <button type="submit" disabled={save.isPending}>
          {t('studio.marketing.publish')}
        </button>
      </span>
      <SaveOutcome error={save.error} saved={save.isSuccess} />
    </form>
  )
}
