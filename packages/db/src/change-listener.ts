import pg from 'pg';

export interface ChangeListenerHandlers {
  /** A notification's payload, in the order PostgreSQL delivered them. */
  onNotification(payload: string): void;
  /**
   * true once LISTEN is in place; false when the connection is lost. Notifications sent while not
   * listening are lost for good, so whatever relies on them must stop trusting its copies.
   */
  onListeningChange(listening: boolean): void;
  onError?(error: Error): void;
}

export interface ChangeListener {
  stop(): Promise<void>;
}

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 10_000;

/**
 * LISTENs on `channel` over a connection of its own (a pooled one would be handed to other
 * queries), reconnecting with back-off whenever it is lost.
 */
export function listenForChanges(connectionString: string, channel: string, handlers: ChangeListenerHandlers): ChangeListener {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | null = null;

  const scheduleReconnect = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  const connectionLost = (connection: pg.Client, error?: Error) => {
    if (client !== connection) return;
    client = null;
    handlers.onListeningChange(false);
    if (error && !stopped) handlers.onError?.(error);
    connection.removeAllListeners();
    connection.on('error', () => undefined);
    void connection.end().catch(() => undefined);
    scheduleReconnect();
  };

  async function connect() {
    if (stopped) return;
    const connection = new pg.Client({ connectionString, keepAlive: true });
    connection.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '');
    });
    connection.on('error', (error) => connectionLost(connection, error));
    connection.on('end', () => connectionLost(connection));
    try {
      client = connection;
      await connection.connect();
      await connection.query(`LISTEN ${connection.escapeIdentifier(channel)}`);
      if (stopped || client !== connection) {
        await connection.end().catch(() => undefined);
        return;
      }
      retryMs = RETRY_MIN_MS;
      handlers.onListeningChange(true);
    } catch (error) {
      connectionLost(connection, error as Error);
    }
  }

  void connect();
  return {
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      const connection = client;
      client = null;
      if (connection) {
        handlers.onListeningChange(false);
        connection.removeAllListeners();
        connection.on('error', () => undefined);
        await connection.end().catch(() => undefined);
      }
    },
  };
}
