// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface MoneyTables {}
