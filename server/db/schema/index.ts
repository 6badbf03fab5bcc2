// The whole database schema, one file per area. Appointments, orders, payments, gifts, stock and
// loyalty cards come with the booking issue as new files exported here.
export * from './accounts.ts'
export * from './columns.ts'
export * from './companies.ts'
export * from './content.ts'
export * from './outbox.ts'
