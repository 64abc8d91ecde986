import { request } from '../api/request'

/** Whether the visitor is signed in (the accounts API's authentication check). */
export async function isSignedIn(): Promise<boolean> {
  try {
    await request('POST', '/api/account/authenticated', {}, { redirectOn401: false })
    return true
  } catch {
    return false
  }
}
