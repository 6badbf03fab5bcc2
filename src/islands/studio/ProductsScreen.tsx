import { useId, useMemo, useState } from 'react'
import type { ArticleRecord } from '#contract/article'
import { lineName } from '#domain/cart/line-name'
import { CategoriesEditor } from './CategoriesEditor'
import { ProductForm } from './ProductForm'
import { ProductStock } from './ProductStock'
import { type ProductRow, ProductsTable } from './ProductsTable'
import { Loading, Retry } from './ReadState'
import { useStudioText } from './studio-text'
import { useEshopCategoryWrites, useProducts } from './use-products'

/**
 * The e-shop's products and categories (docs/decisions/088-studio-products-and-service-options.md):
 * the owner edits them and every shop's stock; a manager sets the stock of their shops.
 */
export function ProductsScreen({ owner, shopIds }: { owner: boolean; shopIds: readonly string[] }) {
  const { t, locale } = useStudioText()
  const id = useId()
  const data = useProducts()
  const categoryWrites = useEshopCategoryWrites()
  const [editing, setEditing] = useState<{ base?: ArticleRecord } | undefined>()
  const [stocking, setStocking] = useState<ArticleRecord | undefined>()
  const rows = useMemo<ProductRow[]>(
    () =>
      data.products.map((article) => ({
        article,
        name: lineName({ name: article.name.fr ?? article.slug, names: article.name }, locale),
      })),
    [data.products, locale],
  )
  if (data.failed) {
    return <Retry message={t('studio.products.loadError')} onRetry={() => void data.retry()} />
  }
  if (data.pending) return <Loading message={t('studio.loading')} />
  const shops = data.shops.filter((shop) => owner || shopIds.includes(shop.id))
  const stockName = rows.find((r) => r.article.id === stocking?.id)?.name ?? ''
  return (
    <>
      <h1>{t('studio.products.heading')}</h1>
      {stocking && (
        <ProductStock
          key={stocking.id}
          productId={stocking.id}
          productName={stockName}
          shops={shops}
          onClose={() => setStocking(undefined)}
        />
      )}
      {editing ? (
        <ProductForm
          key={editing.base?.id ?? 'new'}
          base={editing.base}
          categories={data.categories}
          onDone={(saved) => {
            setEditing(undefined)
            // a new product counted per shop goes on to its stock
            if (saved && !editing.base && saved.booker.enableStock) setStocking(saved)
          }}
        />
      ) : (
        owner && (
          <button type="button" onClick={() => setEditing({})}>
            {t('studio.products.newProduct')}
          </button>
        )
      )}
      <section aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>{t('studio.products.listHeading')}</h2>
        <ProductsTable
          rows={rows}
          onEdit={owner ? (base) => setEditing({ base }) : undefined}
          onStock={setStocking}
        />
      </section>
      {owner && (
        <CategoriesEditor
          heading={t('studio.products.categoriesHeading')}
          categories={data.categories}
          writes={categoryWrites}
          newCategory={(name, slug, order) => ({ name, slug, order, articles: [] })}
        />
      )}
    </>
  )
}
