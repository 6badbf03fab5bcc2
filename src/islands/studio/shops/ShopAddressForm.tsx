import { type FormEvent, useState } from 'react'
import type { Shop } from '#contract/shop'
import { positionOf } from '#domain/studio/shop-position'
import { islandApi } from '#islands/shared/island-api'
import { useStudioText } from '../studio-text'

type Status = 'idle' | 'looking' | 'found' | 'notFound' | 'failed'

/**
 * A shop's address and its map position (docs/decisions/083-catalogue-checks.md geocoding seam):
 * "Find on the map" asks POST /api/shops/geocode; when it answers null the user types the
 * latitude and longitude, which the rule reads before anything is sent.
 */
export function ShopAddressForm({
  shop,
  onSave,
  saving,
}: {
  shop: Shop
  onSave: (shop: Shop) => void
  saving: boolean
}) {
  const { t } = useStudioText()
  const [address, setAddress] = useState(shop.publicInfo.address)
  const [phone, setPhone] = useState(shop.publicInfo.phone ?? '')
  const at = shop.localisation?.coordonate
  const [lat, setLat] = useState(at ? String(at.lat) : '')
  const [lng, setLng] = useState(at ? String(at.lng) : '')
  const [status, setStatus] = useState<Status>('idle')
  const [error, setError] = useState<'lat' | 'lng' | undefined>()
  const locate = async () => {
    setStatus('looking')
    try {
      const { position } = await islandApi.shops.geocode({ body: address })
      if (!position) return setStatus('notFound')
      setLat(String(position.lat))
      setLng(String(position.lng))
      setStatus('found')
    } catch {
      setStatus('failed')
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const read = positionOf(lat, lng)
    if ('error' in read) return setError(read.error)
    setError(undefined)
    const { localisation: _drop, ...rest } = shop
    onSave({
      ...rest,
      publicInfo: { ...shop.publicInfo, address, ...(phone ? { phone } : { phone: undefined }) },
      ...(read.position ? { localisation: { coordonate: read.position } } : {}),
    })
  }
  const field = (name: keyof typeof address, label: string) => (
    <label>
      {label}
      <input
        name={name}
        value={address[name]}
        onChange={(e) => setAddress({ ...address, [name]: e.target.value })}
      />
    </label>
  )
  return (
    <form className="studio-catalogue-form" onSubmit={submit}>
      <fieldset>
        <legend>{t('studio.shops.address.legend')}</legend>
        {field('address', t('studio.shops.address.street'))}
        {field('zipcode', t('studio.shops.address.zipcode'))}
        {field('city', t('studio.shops.address.city'))}
        {field('country', t('studio.shops.address.country'))}
        <label>
          {t('studio.shops.address.phone')}
          <input name="phone" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
        </label>
      </fieldset>
      <fieldset>
        <legend>{t('studio.shops.address.position')}</legend>
        <label>
          {t('studio.shops.address.lat')}
          <input
            name="lat"
            inputMode="decimal"
            value={lat}
            aria-invalid={error === 'lat' || undefined}
            onChange={(e) => setLat(e.target.value)}
          />
        </label>
        <label>
          {t('studio.shops.address.lng')}
          <input
            name="lng"
            inputMode="decimal"
            value={lng}
            aria-invalid={error === 'lng' || undefined}
            onChange={(e) => setLng(e.target.value)}
          />
        </label>
        <button type="button" onClick={() => void locate()} disabled={status === 'looking'}>
          {t('studio.shops.address.locate')}
        </button>
      </fieldset>
      <p role="status" className="studio-hint">
        {status !== 'idle' && t(`studio.shops.address.${status}`)}
      </p>
      {error && (
        <p role="alert" className="studio-error">
          {t(`studio.shops.address.${error}Invalid`)}
        </p>
      )}
      <div className="studio-catalogue-actions">
        <button type="submit" disabled={saving}>
          {t('studio.shops.save')}
        </button>
      </div>
    </form>
  )
}
