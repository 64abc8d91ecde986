import { StaffLayout } from '../staff-layout'

/** The CMS collections staff edit (cms/src/collections): content management lives in Payload at /cms/. */
const RESOURCES: readonly { href: string; label: string; what: string }[] = [
  { href: '/cms/collections/news', label: 'News', what: 'articles on the public site' },
  { href: '/cms/collections/support-items', label: 'Support items', what: 'the help shown beside the forms' },
  { href: '/cms/collections/media', label: 'Media', what: 'images and files used by the pages' },
  { href: '/cms/collections/reviews', label: 'Reviews', what: 'customer reviews' },
  { href: '/cms/collections/pages', label: 'Pages', what: 'the site’s content pages' },
  { href: '/cms/globals/site-settings', label: 'Site settings', what: 'product name, contact details, analytics' },
]

/** Resources: where staff manage the site and help content. */
export function ResourcesScreen() {
  return (
    <StaffLayout title="Resources">
      <h1>Resources</h1>
      <p>
        The public site and the help inside the app are edited in <a href="/cms/">content management</a>. Changes go live within a minute of publishing.
      </p>
      <ul>
        {RESOURCES.map((resource) => (
          <li key={resource.href}>
            <a href={resource.href}>{resource.label}</a>: {resource.what}
          </li>
        ))}
      </ul>
    </StaffLayout>
  )
}
