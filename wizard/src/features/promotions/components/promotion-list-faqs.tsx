import { PROMOTION_LIST_FAQ_BLOCK_SIZE, PROMOTION_LIST_FAQ_ITEMS } from '@permitdesk/shared'
import { useQuery } from '@tanstack/react-query'
import { getPromotionListFaqs, type SupportItem } from '../api/promotions'

/** The promotion list FAQs (CMS support items): a query started with the list, so both arrive together. */
export function usePromotionListFaqs(enabled: boolean) {
  return useQuery({ queryKey: ['supportItems', 'promotionList'], queryFn: getPromotionListFaqs, staleTime: 10 * 60_000, enabled })
}

/** 001 §2: the promotion list FAQs, two blocks of four items (1-4 and 5-8) from the CMS support items. */
export function PromotionListFaqs({ faqs }: { faqs: readonly SupportItem[] }) {
  const items = faqs.slice(0, PROMOTION_LIST_FAQ_ITEMS)
  if (items.length === 0) return null
  const blocks = [items.slice(0, PROMOTION_LIST_FAQ_BLOCK_SIZE), items.slice(PROMOTION_LIST_FAQ_BLOCK_SIZE)]
  return (
    <section className="faqs" aria-labelledby="faqs-title">
      <h2 id="faqs-title">Frequently asked questions</h2>
      <div className="faq-blocks">
        {blocks.map((block, i) => (
          <div key={i} className="faq-block">
            {block.map((item) => (
              <details key={item.id}>
                <summary>{item.question}</summary>
                <p>{item.answer}</p>
              </details>
            ))}
          </div>
        ))}
      </div>
    </section>
  )
}
