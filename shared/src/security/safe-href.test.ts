import { describe, expect, it } from 'vitest'
import { safeHref, safeLinksInHtml } from './safe-href'

describe('CMS links: only http, https, mailto and tel', () => {
  it.each(['https://example.com/', 'http://example.com', 'mailto:help@example.com', 'tel:+61299990000', '/contact/', '#top', '?page=2', 'about/'])(
    'keeps %s',
    (href) => {
      expect(safeHref(href)).toBe(href)
    },
  )

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java&#x09;script:alert(1)',
    '&#106;avascript:alert(1)',
    'javascript&colon;alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'file:///etc/passwd',
    '//evil.example/',
    '\\\\evil.example',
  ])('drops %j', (href) => {
    expect(safeHref(href)).toBe('#')
  })

  it('makes every link of rendered rich text safe and leaves the rest alone', () => {
    const html = '<p>See <a href="https://ok.example/">this</a> and <a href="javascript:alert(1)">that</a> or <a href=\'data:text/html,x\'>x</a>.</p>'
    expect(safeLinksInHtml(html)).toBe('<p>See <a href="https://ok.example/">this</a> and <a href="#">that</a> or <a href="#">x</a>.</p>')
  })
})
