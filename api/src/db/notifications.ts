import pg from 'pg'

/**
 * PostgreSQL LISTEN/NOTIFY for one process (issue 18): one dedicated connection, outside the
 * pool, that LISTENs on the channels subscribed and reconnects (with backoff) when it loses the
 * server. Subscribers hear every notice, and every change of the connection: while it is down
 * they may have missed notices, so they must not trust what those notices would have told them.
 */
export type ChannelListener = {
  /** A notice on the channel (its payload). */
  onNotice: (payload: string) => void
  /** The connection came up (LISTEN is in force) or went down. */
  onState: (listening: boolean) => void
}

export type Notifications = {
  /** Starts listening on `channel` (connecting on the first subscription). Returns the unsubscribe. */
  subscribe: (channel: string, listener: ChannelListener) => () => void
  /** True while LISTEN is in force on every subscribed channel. */
  readonly listening: boolean
  /**
   * `pid:backend start (µs)` of the listening connection while it is up: it lives exactly as
   * long as this process (and its link to the database), so other processes can tell from
   * pg_stat_activity whether work this process claimed is still running (see LIVE_CLAIMER_SQL).
   */
  readonly identity: string | undefined
  /**
   * Resolves `true` once every notice of a transaction that committed before this call has been
   * delivered to the subscribers, `false` when that cannot be known (not listening). A round trip
   * on the listening connection: PostgreSQL sends the notices pending for a session before it
   * answers that session's query. Calls that come while one round trip is waiting share the next.
   */
  sync: () => Promise<boolean>
  close: () => Promise<void>
}

/** The listening connections' application_name (visible in pg_stat_activity). */
export const LISTENER_APPLICATION_NAME = 'permitdesk-listen'
/** A connection's identity from pg_stat_activity's columns (a pid alone is reused by the OS). */
export const CONNECTION_IDENTITY_SQL = `pid::text || ':' || (extract(epoch from backend_start) * 1000000)::bigint::text`
const BARRIER_TIMEOUT_MS = 5_000
const MIN_RETRY_MS = 100
const MAX_RETRY_MS = 5_000

export function createNotifications(connectionString: string, { onError }: { onError?: (error: Error) => void } = {}): Notifications {
  const channels = new Map<string, Set<ChannelListener>>()
  let client: pg.Client | undefined
  let listening = false
  let identity: string | undefined
  let closed = false
  let connecting = false
  let retryMs = MIN_RETRY_MS
  let retryTimer: NodeJS.Timeout | undefined

  const setListening = (value: boolean) => {
    if (listening === value) return
    listening = value
    for (const set of channels.values()) for (const listener of set) listener.onState(value)
  }

  const lost = (current: pg.Client, error?: Error) => {
    if (client !== current) return
    client = undefined
    setListening(false)
    current.removeAllListeners('notification')
    current.end().catch(() => {})
    if (error) onError?.(error)
    scheduleConnect()
  }

  const scheduleConnect = () => {
    if (closed || retryTimer || connecting || client) return
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      void connect()
    }, retryMs)
    retryTimer.unref()
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS)
  }

  const connect = async () => {
    if (closed || connecting || client) return
    connecting = true
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000, keepAlive: true, application_name: LISTENER_APPLICATION_NAME })
    next.on('error', (error) => lost(next, error))
    next.on('end', () => lost(next))
    next.on('notification', (message) => {
      const set = channels.get(message.channel)
      if (set) for (const listener of set) listener.onNotice(message.payload ?? '')
    })
    try {
      await next.connect()
      const { rows } = await next.query<{ id: string }>(`select ${CONNECTION_IDENTITY_SQL} as id from pg_stat_activity where pid = pg_backend_pid()`)
      for (const channel of channels.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
      connecting = false
      if (closed) {
        await next.end().catch(() => {})
        return
      }
      client = next
      // The listening connection must not keep a process alive that has nothing else to do.
      ;(next as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.()
      retryMs = MIN_RETRY_MS
      identity = rows[0]?.id
      setListening(true)
    } catch (error) {
      connecting = false
      next.removeAllListeners('notification')
      await next.end().catch(() => {})
      onError?.(error as Error)
      scheduleConnect()
    }
  }

  // The barrier in flight, and the one that will be sent when it is answered (shared by every
  // caller that came after the first was sent).
  let inFlight: Promise<boolean> | undefined
  let queued: Promise<boolean> | undefined
  const sendBarrier = (): Promise<boolean> => {
    const current = client
    if (!current || !listening) return Promise.resolve(false)
    // A connection that stops answering (a network partition without a reset) must not hold
    // requests: past the timeout the barrier answers false (callers read the database) and the
    // connection is dropped and opened again.
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => {
        lost(current, new Error(`no answer on the listening connection within ${BARRIER_TIMEOUT_MS} ms`))
        resolve(false)
      }, BARRIER_TIMEOUT_MS)
      timer.unref()
    })
    const answered = current.query('').then(
      () => client === current && listening,
      (error: Error) => (lost(current, error), false),
    )
    const sent = Promise.race([answered, timedOut]).finally(() => clearTimeout(timer))
    inFlight = sent.finally(() => {
      inFlight = undefined
    })
    return inFlight
  }
  const sync = (): Promise<boolean> => {
    if (!inFlight) return sendBarrier()
    queued ??= inFlight.then(() => {
      queued = undefined
      return sync()
    })
    return queued
  }

  return {
    sync,
    get listening() {
      return listening
    },
    get identity() {
      return client ? identity : undefined
    },
    subscribe(channel, listener) {
      let set = channels.get(channel)
      if (!set) {
        set = new Set()
        channels.set(channel, set)
        // A new channel on a live connection: LISTEN to it; until then the subscriber is told "down".
        const current = client
        if (current) {
          setListening(false)
          current.query(`LISTEN ${pg.escapeIdentifier(channel)}`).then(
            () => client === current && setListening(true),
            (error: Error) => lost(current, error),
          )
        }
      }
      set.add(listener)
      if (!client && !connecting) void connect()
      return () => {
        set.delete(listener)
      }
    },
    async close() {
      closed = true
      if (retryTimer) clearTimeout(retryTimer)
      const current = client
      client = undefined
      setListening(false)
      await current?.end().catch(() => {})
    },
  }
}
