/**
 * How the studio names a customer (docs/decisions/071-studio-app.md): first and last name, else
 * the e-mail (an account registered without a name), else nothing, and the caller says "customer
 * no. …". One rule for the agenda's accounts and the search's back-office records.
 */
export interface NamedCustomer {
  readonly firstname?: string | undefined
  readonly lastname?: string | undefined
  readonly email?: string | undefined
}

export function customerName(customer: NamedCustomer): string {
  const name = `${customer.firstname ?? ''} ${customer.lastname ?? ''}`.trim()
  return name || customer.email?.trim() || ''
}

/** How many pages a list of `total` rows has, `size` a page; at least one, the empty page. */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, size)))
}
