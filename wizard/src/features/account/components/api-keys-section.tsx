import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { API_KEY_REVOKED_LABELS, MSG_API_KEY_REVOKE_BODY, formatDate, msgApiKeyRevokeTitle } from '@permitdesk/shared'
import { Alert, Badge, Button, CopyButton, Modal, SortableTable, TextField, type TableColumn } from '../../../components/ui'
import './api-keys.css'
import { ApiError } from '../../../lib/api-client'
import { API_DOCS_PATH } from '../../../config/paths'
import { createApiKey, listApiKeys, revokeApiKey, type ApiKeyView } from '../api/account-api'

const KEYS = ['account', 'apiKeys'] as const

/**
 * API keys on the account screen (issue 11): agencies script their promotions with
 * `Authorization: Bearer <key>` (see /api/docs/). A new key is shown once; revoking is immediate.
 * Revoked keys stay listed with the reason (issue 24: a password change or staff ending the
 * sessions revokes every key), so a script that stopped working says why.
 */
export function ApiKeysSection({ page = false }: { page?: boolean }) {
  const queryClient = useQueryClient()
  const keys = useQuery({ queryKey: KEYS, queryFn: listApiKeys })
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [fresh, setFresh] = useState<{ name: string; key: string } | null>(null)
  const create = useMutation({
    mutationFn: (keyName: string) => createApiKey(keyName),
    onSuccess: (created) => {
      setFresh({ name: created.name, key: created.key })
      setName('')
      void queryClient.invalidateQueries({ queryKey: KEYS })
    },
    onError: (e) => setError(e instanceof ApiError ? (Object.values(e.modelState ?? {}).flat()[0] ?? e.message) : (e as Error).message),
  })
  const [revokeError, setRevokeError] = useState<string | null>(null)
  const revoke = useMutation({
    mutationFn: (id: number) => revokeApiKey(id),
    onMutate: () => setRevokeError(null),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEYS }),
    onError: (e) => setRevokeError((e as Error).message),
    onSettled: () => setRevoking(null),
  })
  const Heading = page ? 'h1' : 'h2'
  // Revoking stops every script that uses the key: asked first, in a dialog.
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null)
  const columns: TableColumn<ApiKeyView>[] = [
    { id: 'name', label: 'Name', isRowHeader: true, render: (key) => key.name },
    { id: 'key', label: 'Key', render: (key) => <code>{key.prefix}…</code> },
    { id: 'created', label: 'Created', render: (key) => formatDate(new Date(key.createdAt)) },
    { id: 'used', label: 'Last used', render: (key) => (key.lastUsedAt ? formatDate(new Date(key.lastUsedAt)) : 'Never') },
    {
      id: 'status',
      label: 'Status',
      render: (key) =>
        key.revokedAt && key.revokedReason ? (
          <span data-testid="key-revoked">
            <Badge tone="danger">{API_KEY_REVOKED_LABELS[key.revokedReason]}</Badge>{' '}
            <span className="api-keys__when">{formatDate(new Date(key.revokedAt))}</span>
          </span>
        ) : (
          <Badge tone="success">Active</Badge>
        ),
    },
    {
      id: 'actions',
      label: 'Actions',
      render: (key) =>
        key.revokedAt ? (
          '\u2014'
        ) : (
          <Button variant="danger" onPress={() => setRevoking(key)} aria-label={`Revoke ${key.name}`}>
            Revoke
          </Button>
        ),
    },
  ]

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    setFresh(null)
    create.mutate(name)
  }

  return (
    <section aria-labelledby="api-keys-title" className="api-keys">
      <Heading id="api-keys-title">API keys</Heading>
      <p>
        Scripts and agency tools can lodge and manage your promotions with a key: send it as <code>Authorization: Bearer &lt;key&gt;</code>. See the{' '}
        <a href={API_DOCS_PATH}>API reference</a>. At most 10 keys; a key cannot manage keys or your account details.
      </p>
      {fresh && (
        <Alert tone="success">
          <p>
            Your new key <strong>{fresh.name}</strong>. Copy it now: it will not be shown again.
          </p>
          <p className="api-keys__new">
            <code data-testid="new-api-key">{fresh.key}</code> <CopyButton value={fresh.key} label={`Copy the key ${fresh.name}`} />
          </p>
        </Alert>
      )}
      <form className="form" onSubmit={submit} aria-label="Create an API key" noValidate>
        <TextField label="Key name" description="For example the tool or person using it." value={name} onChange={setName} errorMessage={error ?? undefined} />
        <Button type="submit" isPending={create.isPending}>
          Create key
        </Button>
      </form>
      {revokeError && <Alert tone="danger">{revokeError}</Alert>}
      {keys.isError && <Alert tone="danger">{(keys.error as Error).message}</Alert>}
      {keys.data && keys.data.length > 0 ? (
        <SortableTable label="Your API keys" columns={columns} rows={keys.data} rowKey={(key) => key.id} scrollable stacked />
      ) : (
        keys.isSuccess && <p>You have no API keys.</p>
      )}
      <Modal
        isOpen={revoking !== null}
        title={revoking ? msgApiKeyRevokeTitle(revoking.name) : ''}
        onClose={() => setRevoking(null)}
        actions={
          <>
            <Button variant="secondary" onPress={() => setRevoking(null)}>
              Keep the key
            </Button>
            <Button variant="danger" isPending={revoke.isPending} onPress={() => revoking && revoke.mutate(revoking.id)}>
              Revoke the key
            </Button>
          </>
        }
      >
        <p>{MSG_API_KEY_REVOKE_BODY}</p>
      </Modal>
    </section>
  )
}
