import { useQuery } from '@tanstack/react-query'
import { getResources, staffKeys, type StaffResource } from '../api/staff-api'
import { StaffLayout } from '../staff-layout'

/** The CMS collection's categories, as the screen names them. */
const CATEGORY_NAMES: Record<string, string> = { regulators: 'Regulators', forms: 'Forms and templates', guides: 'Guides and procedures', internal: 'Internal' }

/** The CMS collections staff edit (cms/src/collections): content management lives in Payload at /cms/. */
const CMS_COLLECTIONS: readonly { href: string; label: string; what: string }[] = [
  { href: '/cms/collections/staff-resources', label: 'Staff resources', what: 'the links and documents on this screen' },
  { href: '/cms/collections/news', label: 'News', what: 'articles on the public site' },
  { href: '/cms/collections/support-items', label: 'Support items', what: 'the help shown beside the forms' },
  { href: '/cms/collections/media', label: 'Media', what: 'images and files used by the pages' },
  { href: '/cms/collections/reviews', label: 'Reviews', what: 'customer reviews' },
  { href: '/cms/collections/pages', label: 'Pages', what: 'the site’s content pages' },
  { href: '/cms/globals/site-settings', label: 'Site settings', what: 'product name, contact details, analytics' },
]

function fileSize(bytes: number | null): string {
  if (bytes === null) return ''
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** resources/ (issue 13): links and documents for staff, edited in the CMS (Staff resources). */
export function ResourcesScreen() {
  const resources = useQuery({ queryKey: staffKeys.resources, queryFn: getResources })
  const groups = new Map<string, StaffResource[]>()
  for (const r of resources.data ?? []) groups.set(r.category, [...(groups.get(r.category) ?? []), r])
  return (
    <StaffLayout title="Resources">
      <h1>Resources</h1>
      {resources.error && <p role="alert">{resources.error.message}</p>}
      {resources.data?.length === 0 && (
        <p>
          No resources yet. Add links and documents in <a href="/cms/collections/staff-resources/create">content management</a>.
        </p>
      )}
      {[...groups].map(([category, items]) => (
        <section key={category} aria-labelledby={`resources-${category}`}>
          <h2 id={`resources-${category}`}>{CATEGORY_NAMES[category] ?? category}</h2>
          <ul className="staff-resources" data-testid={`resources-${category}`}>
            {items.map((r) => (
              <li key={r.id}>
                {r.href ? (
                  <a href={r.href} {...(r.kind === 'link' && /^https?:/i.test(r.href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                    {r.title}
                  </a>
                ) : (
                  r.title
                )}
                {r.kind === 'document' && r.fileName && (
                  <small>
                    {' '}
                    ({r.fileName.split('.').pop()?.toUpperCase()}, {fileSize(r.fileSize)})
                  </small>
                )}
                {r.description && <p>{r.description}</p>}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <h2>Edit content</h2>
      <p>
        These resources, the public site and the help inside the app are edited in <a href="/cms/">content management</a>. Site changes go live within a minute
        of publishing.
      </p>
      <ul>
        {CMS_COLLECTIONS.map((c) => (
          <li key={c.href}>
            <a href={c.href}>{c.label}</a>: {c.what}
          </li>
        ))}
      </ul>
    </StaffLayout>
  )
}
