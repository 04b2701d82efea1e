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
  /**
   * Resolves true once every notification committed before the call has been handed to
   * onNotification; false when that cannot be known (not listening, or the round trip is slow).
   */
  catchUp(): Promise<boolean>;
  stop(): Promise<void>;
}

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 10_000;
/** A catch-up slower than this is given up: the caller reads the database instead of waiting. */
const CATCH_UP_PATIENCE_MS = 1_000;

/**
 * LISTENs on `channel` over a connection of its own (a pooled one would be handed to other
 * queries), reconnecting with back-off whenever it is lost.
 */
export function listenForChanges(
  connectionString: string,
  channel: string,
  handlers: ChangeListenerHandlers,
): ChangeListener {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | null = null;
  /** The connection once its LISTEN is in place. */
  let listeningOn: pg.Client | null = null;

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
    listeningOn = null;
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
      listeningOn = connection;
      handlers.onListeningChange(true);
    } catch (error) {
      connectionLost(connection, error as Error);
    }
  }

  /*
   * A notification committed by another session is queued for this one, and PostgreSQL hands it
   * over before answering the next query here; pg emits it before resolving that query. So one round
   * trip on the listening connection, sent after the caller's moment, delivers everything committed
   * before it. Callers arriving while a round trip is under way share the next one (the one under way
   * may have been answered before their moment).
   */
  let underWay: Promise<boolean> | null = null;
  let queued: Promise<boolean> | null = null;
  const roundTrip = (connection: pg.Client): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const patience = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), CATCH_UP_PATIENCE_MS);
      timer.unref();
    });
    const answered = connection.query('SELECT 1').then(
      () => listeningOn === connection,
      () => false,
    );
    return Promise.race([answered, patience]).finally(() => clearTimeout(timer));
  };
  function catchUp(): Promise<boolean> {
    const connection = listeningOn;
    if (!connection || stopped) return Promise.resolve(false);
    if (!underWay) {
      underWay = roundTrip(connection).finally(() => {
        underWay = null;
      });
      return underWay;
    }
    queued ??= underWay.then(() => {
      queued = null;
      return catchUp();
    });
    return queued;
  }

  void connect();
  return {
    catchUp,
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      const connection = client;
      client = null;
      listeningOn = null;
      if (connection) {
        handlers.onListeningChange(false);
        connection.removeAllListeners();
        connection.on('error', () => undefined);
        await connection.end().catch(() => undefined);
      }
    },
  };
}
