import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { mayWriteMedia } from '#domain/media/rules'
import { mayManageStock } from '#domain/studio/customer-files'
import { reportTabs } from '#domain/studio/report-tabs'
import { studioScope } from '#domain/studio/roles'
import { mayEditSite } from '#domain/studio/site-editing'
import { islandApi } from '#islands/shared/island-api'
import { session } from '#stores/browser'
import { Agenda } from './Agenda'
import { CatalogueScreen } from './CatalogueScreen'
import { CollectionsScreen } from './CollectionsScreen'
import { CustomersScreen } from './CustomersScreen'
import { ConsentsScreen } from './consents/ConsentsScreen'
import { DueAtShopScreen } from './DueAtShopScreen'
import { MarketingScreen } from './marketing/MarketingScreen'
import { MediaScreen } from './media/MediaScreen'
import { useImagePicker } from './media/use-image-picker'
import { ProductsScreen } from './ProductsScreen'
import { PostsScreen } from './posts/PostsScreen'
import { Loading, Retry } from './ReadState'
import { ReportsArea } from './ReportsArea'
import { StockScreen } from './StockScreen'
import { StudioNav, type StudioScreen } from './StudioNav'
import { ShopsScreen } from './shops/ShopsScreen'
import { forgetStudio, studioKeys } from './studio-queries'
import { useStudioText } from './studio-text'
import { ThemeScreen } from './ThemeScreen'

/**
 * The signed-in studio: who is signed in, in which role, and the agenda of the shops that role
 * opens (docs/decisions/072-studio-roles.md). The role and a practitioner's resources are the
 * ones `me` states; the customer search is everyone's, since the server answers a practitioner
 * with their own customers only. A `me` the API refuses signs out (the client's providerMe
 * wrapper), which brings the sign-in back.
 */
export function StudioShell() {
  const { t } = useStudioText()
  const client = useQueryClient()
  const [screen, setScreen] = useState<StudioScreen>('agenda')
  // the posts' editor asks the media library for a picture (docs/decisions/081-media-storage.md)
  const imagePicker = useImagePicker()
  const me = useQuery({ queryKey: studioKeys.me, queryFn: () => islandApi.cmpusers.me() })
  const shops = useQuery({ queryKey: studioKeys.shops, queryFn: () => islandApi.shops.list() })
  const signOut = () => {
    session.logout('provider')
    forgetStudio(client)
  }
  if (me.isError || shops.isError) {
    const retry = () => Promise.all([me.refetch(), shops.refetch()])
    return <Retry message={t('studio.loadError')} onRetry={() => void retry()} />
  }
  if (!me.data || !shops.data) return <Loading message={t('studio.loading')} />
  const scope = studioScope(me.data, shops.data)
  const name = `${me.data.firstname} ${me.data.lastname}`.trim() || me.data.email
  const shown = shops.data.filter((shop) => scope.shopIds.includes(shop.id))
  // every role searches customers (the server narrows a practitioner's); the products used
  // (stock lists, lot search) are owners' and managers' (decision 079); the reports the owner's,
  // a manager's the history of their shops (report-tabs.ts); consent forms the owner's
  const tabs = reportTabs(scope)
  const screens: StudioScreen[] = [
    'agenda',
    'customers',
    // a practitioner reaches no order without an appointment of theirs: nothing due there
    ...(scope.role === 'practitioner' ? [] : (['desk'] as const)),
    ...(mayManageStock(scope) ? (['stock'] as const) : []),
    ...(tabs.length > 0 ? (['reports'] as const) : []),
    ...(scope.ownerTools ? (['consents'] as const) : []),
    // the picture library: owners and managers write it (docs/decisions/081-media-storage.md)
    ...(mayWriteMedia(scope.role) ? (['media'] as const) : []),
    // the site's settings are the owner's (decision 072); its content every company user's
    ...(scope.ownerTools ? (['theme'] as const) : []),
    ...(scope.role === 'practitioner' ? [] : (['collections'] as const)),
    // the owner edits the catalogue, a manager reads it and its warnings (decision 083)
    ...(scope.role === 'practitioner' ? [] : (['catalogue'] as const)),
    // the magazine: owners and managers (decision 082)
    ...(mayEditSite(scope) ? (['posts'] as const) : []),
    // shops and their team: the owner's, a manager's own shops (decisions 083 and 087)
    ...(scope.role === 'practitioner' ? [] : (['shops'] as const)),
    // the e-shop: the owner's products, a manager's stock of their shops (decision 088)
    ...(scope.role === 'practitioner' ? [] : (['products'] as const)),
    // alerts, events, coupons, gifts and the pop-up: the owner's (decision 090)
    ...(scope.ownerTools ? (['marketing'] as const) : []),
  ]
  const open = screens.includes(screen) ? screen : 'agenda'
  const shopOptions = shown.map((shop) => ({ id: shop.id, name: shop.publicInfo.name }))
  return (
    <>
      <header className="studio-header">
        <p className="studio-brand">{t('studio.title')}</p>
        <p className="studio-user">
          <span>{name}</span> <span className="studio-role">{t(`studio.role.${scope.role}`)}</span>
        </p>
        <button type="button" onClick={signOut}>
          {t('studio.signOut')}
        </button>
      </header>
      {screens.length > 1 && <StudioNav screens={screens} screen={open} onScreen={setScreen} />}
      <main id="studio-main">
        {open === 'customers' && <CustomersScreen owner={scope.ownerTools} />}
        {open === 'desk' && <DueAtShopScreen />}
        {open === 'stock' && <StockScreen />}
        {open === 'reports' && <ReportsArea tabs={tabs} shops={shopOptions} />}
        {open === 'consents' && <ConsentsScreen />}
        {open === 'media' && <MediaScreen />}
        {open === 'theme' && <ThemeScreen />}
        {open === 'collections' && <CollectionsScreen />}
        {open === 'catalogue' && (
          <CatalogueScreen owner={scope.ownerTools} shopIds={scope.shopIds} />
        )}
        {open === 'posts' && <PostsScreen onInsertImage={imagePicker.ask} />}
        {open === 'shops' && <ShopsScreen scope={scope} onPickImage={imagePicker.ask} />}
        {open === 'products' && <ProductsScreen owner={scope.ownerTools} shopIds={scope.shopIds} />}
        {open === 'marketing' && <MarketingScreen />}
        {imagePicker.dialog}
        {open === 'agenda' && <Agenda shops={shown} resourceIds={scope.resourceIds} />}
      </main>
    </>
  )
}
