import {
  displayPrizeValue,
  formatAusStates,
  formatDate,
  MSG_NO_ARCHIVED_PROMOTIONS,
  MSG_NO_PROMOTIONS_YET,
  msgNoPromotionsMatch,
  promotionTitle,
} from '@permitdesk/shared'
import { useDeferredValue, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { AppLayout } from '../../../components/layouts/app-layout'
import { LazyModal, NativeButton, NativeLinkButton, NativeTextField, Pager, SortableTable, StatusBadge, type TableColumn } from '../../../components/ui'
import { queryKeys } from '../../../lib/query-client'
import { archivePromotion, deletePromotion, listPromotions, type ListParams, type PromotionListItem, type SortColumn } from '../api/promotions'
import { promotionPaths } from '../config'
import { PromotionListFaqs, usePromotionListFaqs } from './promotion-list-faqs'

const PAGE_SIZE = 10

/**
 * /promotions/ and /promotions/archive/ (001 §2): a sortable table (default date descending; the
 * same column toggles the direction, a new column sorts ascending), row click opens the
 * dashboard, status colours, paging and a search box; archive, un-archive and delete. The list
 * is a TanStack query: archive and delete invalidate it. Native controls and table (no react-aria
 * on the first render; the delete dialog loads when first opened).
 */
export function MyPromotionsScreen({ archived }: { archived: boolean }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [view, setView] = useState<Omit<ListParams, 'archived' | 'count'>>({ sort: 'date', direction: 'desc', after: 0, search: '' })
  const params: ListParams = { ...view, archived, count: PAGE_SIZE }
  const list = useQuery({ queryKey: queryKeys.promotionList(params), queryFn: () => listPromotions(params), placeholderData: keepPreviousData })
  const faqs = usePromotionListFaqs(!archived)
  // The table follows the answer in a deferred (sliced) render rather than one long task.
  const data = useDeferredValue(list.data)
  const [message, setMessage] = useState('')
  const [searchText, setSearchText] = useState('')
  const [deleting, setDeleting] = useState<PromotionListItem | null>(null)

  const change = useMutation({
    mutationFn: ({ action }: { action: () => Promise<unknown>; done: string }) => action(),
    onSuccess: (_answer, { done }) => {
      setMessage(done)
      return queryClient.invalidateQueries({ queryKey: queryKeys.promotions })
    },
    onError: (error) => setMessage(error.message),
  })

  const columns: TableColumn<PromotionListItem, SortColumn | 'states' | 'actions'>[] = [
    {
      id: 'name',
      label: 'Promotion',
      sortable: true,
      isRowHeader: true,
      render: (p) => <Link to={promotionPaths.dashboard(p.id)}>{promotionTitle(p.name)}</Link>,
    },
    { id: 'status', label: 'Status', sortable: true, render: (p) => <StatusBadge statusId={p.permitStatus.id} /> },
    { id: 'totalPrizeValue', label: 'Prize value', sortable: true, align: 'end', render: (p) => displayPrizeValue(p) },
    { id: 'date', label: 'Date created', sortable: true, render: (p) => formatDate(p.createdAt) },
    { id: 'states', label: 'States', render: (p) => formatAusStates(p.ausStates, { includeNz: p.includeNz }) },
    {
      id: 'actions',
      label: 'Actions',
      render: (p) => (
        <span className="row-actions">
          <NativeButton
            variant="link"
            aria-label={`${archived ? 'Unarchive' : 'Archive'} ${promotionTitle(p.name)}`}
            onClick={() =>
              change.mutate({
                action: () => archivePromotion(p.id, !archived),
                done: archived ? 'Promotion restored to My Promotions.' : 'Promotion archived.',
              })
            }
          >
            {archived ? 'Unarchive' : 'Archive'}
          </NativeButton>
          <NativeButton variant="link" aria-label={`Delete ${promotionTitle(p.name)}`} onClick={() => setDeleting(p)}>
            Delete
          </NativeButton>
        </span>
      ),
    },
  ]

  const total = data?.promotionCount ?? 0
  const title = archived ? 'Archived promotions' : 'My Promotions'
  return (
    <AppLayout title={title}>
      <h1>{title}</h1>
      <div className="toolbar">
        <NativeLinkButton to={promotionPaths.gameOfChance}>Create a promotion</NativeLinkButton>
        <Link to={archived ? promotionPaths.list : promotionPaths.archive}>{archived ? 'Back to My Promotions' : 'Archived promotions'}</Link>
        <form
          role="search"
          className="toolbar-search"
          onSubmit={(e) => {
            e.preventDefault()
            setView((v) => ({ ...v, search: searchText.trim(), after: 0 }))
          }}
        >
          <NativeTextField label="Search promotions" type="search" value={searchText} onChange={setSearchText} placeholder="Name or number" />
          <NativeButton type="submit" variant="secondary">
            Search
          </NativeButton>
        </form>
      </div>
      <p role="status" aria-live="polite">
        {message}
      </p>
      <div className="promotions-table" aria-busy={list.isFetching}>
        <SortableTable
          label={title}
          columns={columns}
          rows={data?.promotions ?? []}
          rowKey={(p) => p.id}
          onRowAction={(p) => navigate(promotionPaths.dashboard(p.id))}
          sort={{ column: view.sort, direction: view.direction }}
          onSortChange={({ column, direction }) => setView((v) => ({ ...v, sort: column as SortColumn, direction, after: 0 }))}
          empty={
            data === undefined ? 'Loading…' : view.search ? msgNoPromotionsMatch(view.search) : archived ? MSG_NO_ARCHIVED_PROMOTIONS : MSG_NO_PROMOTIONS_YET
          }
        />
      </div>
      {total > PAGE_SIZE && (
        <Pager
          page={Math.floor(view.after / PAGE_SIZE)}
          pageCount={Math.ceil(total / PAGE_SIZE)}
          onPageChange={(page) => setView((v) => ({ ...v, after: page * PAGE_SIZE }))}
        />
      )}
      {/* Below the table, once it has its rows: nothing above it moves when they arrive. */}
      {!archived && data !== undefined && faqs.data ? <PromotionListFaqs faqs={faqs.data} /> : null}
      <LazyModal
        isOpen={deleting !== null}
        title="Delete this promotion?"
        onClose={() => setDeleting(null)}
        actions={
          <>
            <NativeButton
              variant="danger"
              onClick={() => {
                const target = deleting
                setDeleting(null)
                if (target) change.mutate({ action: () => deletePromotion(target.id), done: 'Promotion deleted.' })
              }}
            >
              Delete
            </NativeButton>
            <NativeButton variant="secondary" onClick={() => setDeleting(null)}>
              Cancel
            </NativeButton>
          </>
        }
      >
        <p>Delete “{deleting ? promotionTitle(deleting.name) : ''}”? Contact us if you need it back.</p>
      </LazyModal>
    </AppLayout>
  )
}
