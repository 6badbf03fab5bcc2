import { LotSearch } from './LotSearch'
import { NeedleList } from './NeedleList'
import { PigmentList } from './PigmentList'
import { useStudioText } from './studio-text'

/**
 * Products used (docs/decisions/079-customer-files-and-erasure.md): the company's pigments and
 * needles, which prestations pick from, and the traceability search by lot. The owner's and
 * managers' screen.
 */
export function StockScreen() {
  const { t } = useStudioText()
  return (
    <>
      <h1>{t('studio.stock.heading')}</h1>
      <LotSearch />
      <PigmentList />
      <NeedleList />
    </>
  )
}
