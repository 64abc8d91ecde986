import { useEffect } from 'react'

/** An app path the router does not know: the site's 404 page is the one answer for unknown paths. */
export function NotFound() {
  useEffect(() => {
    window.location.replace('/?notfound')
  }, [])
  return null
}
