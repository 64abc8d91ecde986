import { staffPath } from '../config/paths'

/** The staff console's screens (issue 13), under STAFF_PATH. */
export const staffPaths = {
  tasks: staffPath,
  promotions: `${staffPath}promotion/`,
  detail: (id: number) => `${staffPath}detail/${id}/`,
  changelog: (id: number) => `${staffPath}changelog/${id}/`,
  action: (id: number) => `${staffPath}action/${id}/`,
  actionCreate: (id: number) => `${staffPath}action/${id}/create/`,
  permitNumbers: (id: number) => `${staffPath}permitnumbers/${id}/`,
  outstanding: `${staffPath}outstanding/`,
  contact: `${staffPath}contact/`,
  users: `${staffPath}user/`,
  statistics: `${staffPath}statistics/`,
  resources: `${staffPath}resources/`,
  ruleSets: `${staffPath}rules/`,
  chargeCard: (invoiceNumber?: number) => `${staffPath}chargecard/${invoiceNumber ? `?invoice=${invoiceNumber}` : ''}`,
}

/** Invoice screens of a promotion (issue 13). */
export const invoicePaths = {
  list: (id: number) => `${staffPath}invoice/${id}/`,
  create: (id: number) => `${staffPath}invoice/${id}/create/`,
  detail: (id: number, invoiceNumber: number) => `${staffPath}invoice/${id}/detail/?invoice=${invoiceNumber}`,
}
