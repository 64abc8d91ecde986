import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { API_KEY_REVOKED_LABELS, formatDate } from '@permitdesk/shared'
import { Alert, Badge, Button, TextField } from '../../../components/ui'
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
  })
  const Heading = page ? 'h1' : 'h2'

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
          <p>
            <code data-testid="new-api-key">{fresh.key}</code>
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
        // Scrolls sideways on a phone (a revoked key's status is long); focusable so a keyboard can scroll it.
        // Positioned, so the visually hidden "Actions" header stays inside it instead of widening the page.
        <div className="ui-table-wrap" role="region" aria-label="Your API keys, scrollable" tabIndex={0} style={{ position: 'relative' }}>
          <table className="ui-table" aria-label="Your API keys">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((key: ApiKeyView) => (
                <tr key={key.id}>
                  <th scope="row">{key.name}</th>
                  <td>
                    <code>{key.prefix}…</code>
                  </td>
                  <td>{formatDate(new Date(key.createdAt))}</td>
                  <td>{key.lastUsedAt ? formatDate(new Date(key.lastUsedAt)) : 'Never'}</td>
                  <td>
                    {key.revokedAt && key.revokedReason ? (
                      <span data-testid="key-revoked">
                        <Badge tone="danger">{API_KEY_REVOKED_LABELS[key.revokedReason]}</Badge>{' '}
                        <span className="api-keys__when">{formatDate(new Date(key.revokedAt))}</span>
                      </span>
                    ) : (
                      <Badge tone="success">Active</Badge>
                    )}
                  </td>
                  <td>
                    {key.revokedAt ? null : (
                      <Button
                        variant="danger"
                        onPress={() => revoke.mutate(key.id)}
                        isPending={revoke.isPending && revoke.variables === key.id}
                        aria-label={`Revoke ${key.name}`}
                      >
                        Revoke
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        keys.isSuccess && <p>You have no API keys.</p>
      )}
    </section>
  )
}
