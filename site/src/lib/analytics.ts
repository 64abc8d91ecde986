/**
 * The one analytics module (000 §7): scroll-depth and conversion events. It sends nothing unless
 * an analytics id is configured AND the visitor consented in the banner; only then does the
 * analytics script load. Without an id there is no banner and no third-party request at all.
 */
const CONSENT_KEY = 'analytics-consent'
type Consent = 'granted' | 'denied' | null

declare global {
  interface Window {
    dataLayer?: unknown[]
    __siteAnalytics?: { id?: string }
  }
}

export function analyticsId(): string | undefined {
  return window.__siteAnalytics?.id || undefined
}

export function readConsent(): Consent {
  try {
    const value = localStorage.getItem(CONSENT_KEY)
    return value === 'granted' || value === 'denied' ? value : null
  } catch {
    return null
  }
}

export function setConsent(value: 'granted' | 'denied') {
  try {
    localStorage.setItem(CONSENT_KEY, value)
  } catch {}
  if (value === 'granted') startAnalytics()
}

let started = false
function startAnalytics() {
  const id = analyticsId()
  if (started || !id || readConsent() !== 'granted') return
  started = true
  window.dataLayer = window.dataLayer || []
  window.dataLayer.push(['js', new Date()], ['config', id, { anonymize_ip: true }])
  const script = document.createElement('script')
  script.async = true
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`
  document.head.appendChild(script)
}

/** Records an event; dropped unless analytics is configured and consented. */
export function track(event: string, params: Record<string, string | number> = {}): boolean {
  if (!analyticsId() || readConsent() !== 'granted') return false
  startAnalytics()
  try {
    window.dataLayer!.push(['event', event, params])
  } catch (error) {
    // 000 §8: conversion-tracking failures are logged only.
    console.warn('analytics event failed', error)
  }
  return true
}

export function initAnalytics() {
  if (!analyticsId()) return
  if (readConsent() === 'granted') startAnalytics()
}
