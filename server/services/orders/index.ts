/**
 * The orders module's one entry (docs/decisions/069-server-modules.md): what the other
 * modules, the routes and the app use of it. Its own files import each other directly.
 */
export { type AdminSession, resolveAdminSession } from './admin-session.ts'
export {
  type BillWire,
  billOf,
  cartCoupon,
  cartsById,
  cartsDueAtShop,
  shopNameOf,
  shopNames,
  textRecord,
} from './bill.ts'
export { bookingAggregate, bookingHistory, customerBookingOrders } from './booking-history.ts'
export { bookingOrderView, type OrderViewRows, orderViewOf } from './booking-order.ts'
export { bookingReport } from './booking-report.ts'
export { refreshTotals, setOrderStatus } from './booking-status.ts'
export { type BookingOrderWire, bookingOrderViews, orderByIdeorder } from './booking-view.ts'
export { creditBalance, creditUses, orderCredit, spendCustomerCredit } from './credits.ts'
export {
  backOfficeView,
  customerByArtebeauteId,
  reachableCustomer,
  reachableCustomers,
  readableCustomer,
  searchCustomers,
} from './customers.ts'
export { deleteGiftOrder, giftOrdersHistory } from './gift-orders.ts'
export { bookingHistoryTotals } from './history-totals.ts'
export { bookingShopsPayment, giftShopsPayment } from './payment-lists.ts'
export { cartInReach, orderReachWhere } from './reach-sql.ts'
export { refundedByCart } from './refunded.ts'
export { EVERYTHING, type Reach, reachOf } from './rules.ts'
export { shopObligations } from './shop-obligations.ts'
export { requireOwner, type Staff, staffOf } from './staff.ts'
