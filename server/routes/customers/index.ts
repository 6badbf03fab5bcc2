import { customersCalls } from '#contract/calls/customers.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { commerceSettings } from '#server/kernel/index.ts'
import { findAccount, readCustomerData } from '#server/services/accounts/index.ts'
import { customerEshopOrders } from '#server/services/eshop/index.ts'
import {
  customerArchive,
  customerProfile,
  eraseCustomer,
  saveNotes,
} from '#server/services/files/index.ts'
import {
  backOfficeView,
  creditBalance,
  customerBookingOrders,
  reachOf,
  readableCustomer,
  searchCustomers,
} from '#server/services/orders/index.ts'

/**
 * Customers (docs/product/7-calls.md). No back office is wired in: the company's customer accounts are its
 * customer records, named by their back-office link (links[0].artebeauteId) or, unlinked, by the
 * account id. history is what the account pages show (/profile/orders and /profile/orders/:id,
 * which picks its order from this list: the contract has no call for one order of a customer):
 * the customer's booking orders with their status history, newest first. A customer reads only
 * their own (another customer: 404), a company user those they reach (a practitioner their own
 * customers, and of them the orders with their resources: docs/decisions/072-studio-roles.md).
 */
export const customersRoutes: RouteSpec[] = [
  handle(customersCalls.search, async ({ c, company, body, staff }) =>
    searchCustomers(c.var.deps.db, company.id, await staff(), {
      filter: body.filter,
      page: body.page,
      size: body.enregbypage,
    }),
  ),

  handle(customersCalls.mine, async ({ c, company, subject }) => {
    // null before the account is linked to the back office (POST /api/links), as the call says
    const account = await findAccount(c.var.deps.db, company.id, 'customer', subject.id)
    return account && readCustomerData(account.profile).links[0] ? backOfficeView(account) : null
  }),

  handle(customersCalls.remainingAmount, async ({ c, company, subject, query, staff }) => {
    const { db } = c.var.deps
    const customer = await readableCustomer(
      db,
      company.id,
      subject,
      query.artebeauteId,
      await staff(),
    )
    const currency = commerceSettings(company).mCurrency.code
    return { remaining: { amount: await creditBalance(db, company.id, customer.id), currency } }
  }),

  handle(customersCalls.history, async ({ c, company, subject, query, staff }) => {
    const { db } = c.var.deps
    const user = await staff()
    const customer = await readableCustomer(db, company.id, subject, query.artebeauteId, user)
    return customerBookingOrders(db, company.id, customer.id, user)
  }),

  // the studio's customer file (docs/decisions/079-customer-files-and-erasure.md)
  handle(customersCalls.profile, async ({ c, company, subject, query, staff }) => {
    const { db } = c.var.deps
    const customer = await readableCustomer(
      db,
      company.id,
      subject,
      query.artebeauteId,
      await staff(),
    )
    return customerProfile(db, company.id, customer)
  }),

  handle(customersCalls.eshopOrders, async ({ c, company, subject, query, staff }) => {
    const { db } = c.var.deps
    const user = await staff()
    const customer = await readableCustomer(db, company.id, subject, query.artebeauteId, user)
    return customerEshopOrders(db, company.id, customer.id, undefined, reachOf(user.scope))
  }),

  handle(customersCalls.notes, async ({ c, company, subject, body, staff }) => {
    const { db } = c.var.deps
    const user = await staff()
    const customer = await readableCustomer(db, company.id, subject, body.artebeauteId, user)
    return saveNotes(db, company.id, customer.id, body.notes, user.providerId)
  }),

  handle(customersCalls.exportData, async ({ c, company, subject, query, staff }) => {
    const { db } = c.var.deps
    const customer = await readableCustomer(
      db,
      company.id,
      subject,
      query.artebeauteId,
      await staff(),
    )
    // the files module lists what it holds; the e-shop module (above it) adds its orders
    const [archive, eshopOrders] = await Promise.all([
      customerArchive(db, company.id, customer),
      customerEshopOrders(db, company.id, customer.id),
    ])
    return { ...archive, eshopOrders }
  }),

  handle(customersCalls.erase, async ({ c, company, subject, body, staff }) => {
    const { db, sessions } = c.var.deps
    const customer = await readableCustomer(
      db,
      company.id,
      subject,
      body.artebeauteId,
      await staff(),
    )
    const result = await eraseCustomer(db, company.id, customer)
    // the erased account's sessions end everywhere now, not at their cache's expiry
    sessions.forget({ companyId: company.id, accountId: customer.id })
    return result
  }),
]
