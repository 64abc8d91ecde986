/**
 * The attachments step (001 §3 Attachment, §4, §5): one row per document this promotion needs
 * now, each uploaded, reused from another promotion or reset, and saved on its own through
 * POST /api/promotion/saveAttachments. Addenda are listed apart: they are sent after the draw.
 */
import {
  attachmentRuleInputOf,
  getAttachmentType,
  getRelevantAttachmentCodes,
  getRequiredAttachmentCodes,
  MSG_ERROR_OCCURRED,
  type AttachmentDraft,
  type AttachmentType,
  type Promotion,
  type PromotionListItem,
} from '@permitdesk/shared'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { DocumentName } from '../../../../components/document-name'
import { ApiError } from '../../../../lib/api-client'
import { getPromotionReuseList, saveAttachments } from '../../api/permit-api'
import { useEditor } from '../editor-context'
import { AttachmentRow, type WriteAttachment } from './attachment-row'

/** What the draft takes from a saveAttachments answer. */
const pickAttachments = (draft: Promotion, answer: Promotion): Promotion => ({
  ...draft,
  attachments: answer.attachments,
  attachmentsRelevant: answer.attachmentsRelevant,
  applicationIssues: answer.applicationIssues,
  permitStatus: answer.permitStatus,
  versionNumber: answer.versionNumber,
})

const typeOf = (code: string): AttachmentType => getAttachmentType(code) ?? { code, slug: code.toLowerCase(), name: `Document ${code}`, isAddendum: false }

export function AttachmentsSection() {
  const { editor, draft, issues, revealed, readOnly } = useEditor()
  const input = attachmentRuleInputOf(draft)
  const required = getRequiredAttachmentCodes(input)
  const addenda = getRelevantAttachmentCodes(input).filter((code) => getAttachmentType(code)?.isAddendum && !required.includes(code))

  // Rows can each start a write; the editor runs them one after the other, and each must send
  // the list as the previous one left it (not as it was when clicked), or it would undo it.
  const latest = useRef({ version: draft.versionNumber, attachments: draft.attachments })
  useEffect(() => {
    if (draft.versionNumber >= latest.current.version) latest.current = { version: draft.versionNumber, attachments: draft.attachments }
  }, [draft.versionNumber, draft.attachments])

  const promotionId = draft.id
  const write = useCallback<WriteAttachment>(
    async (code, entry) => {
      let index = -1
      try {
        const answer = await editor.write(async (versionNumber) => {
          const others = latest.current.attachments.filter((a) => a.attachmentType.code !== code)
          const attachments: AttachmentDraft[] = entry ? [...others, entry] : others
          index = entry ? others.length : -1
          const saved = await saveAttachments({ id: promotionId, versionNumber, attachments })
          latest.current = { version: saved.versionNumber, attachments: saved.attachments }
          return saved
        }, pickAttachments)
        return answer ? { status: 'saved' } : { status: 'not-saved' }
      } catch (error) {
        return { status: 'failed', message: messageFor(error, index) }
      }
    },
    [editor, promotionId],
  )

  // The customer's other promotions, fetched the first time any row's reuse list is opened.
  const reuseList = useRef<Promise<PromotionListItem[]> | null>(null)
  const loadReuseList = useCallback(() => {
    reuseList.current ??= getPromotionReuseList(promotionId).catch((error: unknown) => {
      reuseList.current = null
      throw error
    })
    return reuseList.current
  }, [promotionId])

  const byCode = useMemo(() => new Map(draft.attachments.map((a) => [a.attachmentType.code, a])), [draft.attachments])

  return (
    <div className="attachments">
      {required.length === 0 ? (
        <p className="muted">No documents are needed for this promotion.</p>
      ) : (
        <ul className="attachment-list">
          {required.map((code) => (
            <AttachmentRow
              key={code}
              type={typeOf(code)}
              attachment={byCode.get(code)}
              errors={revealed ? (issues[`attachments.${code}`] ?? []) : []}
              readOnly={readOnly}
              write={write}
              loadReuseList={loadReuseList}
            />
          ))}
        </ul>
      )}
      {addenda.length > 0 && (
        <div className="attachment-addenda notice info">
          <h3>After the draw</h3>
          <p>These documents are sent after the draw; no upload is needed now.</p>
          <ul>
            {addenda.map((code) => (
              <li key={code} data-testid={`after-draw-${code}`}>
                <DocumentName code={code} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}

/** The server's message for the entry we sent (its modelState key), else its general message. */
function messageFor(error: unknown, index: number): string {
  if (error instanceof ApiError) {
    const own = index >= 0 ? Object.entries(error.modelState ?? {}).find(([key]) => key.startsWith(`attachments.${index}.`)) : undefined
    return own?.[1][0] ?? error.message
  }
  return error instanceof Error && error.message ? error.message : MSG_ERROR_OCCURRED
}
