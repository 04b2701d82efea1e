/** A tiny REST client for tests: keeps the session cookie and sends our Origin like a browser. */
export class RestClient {
  private cookie: string | null = null;
  constructor(
    readonly baseUrl: string,
    private readonly defaults: { origin?: string | null; bearer?: string } = {},
  ) {}

  withBearer(token: string): RestClient {
    return new RestClient(this.baseUrl, { ...this.defaults, bearer: token });
  }

  /** The same credentials (session cookie, bearer) against another server on the same database. */
  on(baseUrl: string): RestClient {
    const client = new RestClient(baseUrl, this.defaults);
    client.cookie = this.cookie;
    return client;
  }

  async signIn(email: string, password: string, rememberMe = true) {
    const answer = await this.post('/api/v1/auth/sign-in', { email, password, rememberMe });
    if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer;
  }

  get(path: string) {
    return this.request('GET', path);
  }
  post(path: string, body?: unknown) {
    return this.request('POST', path, body);
  }
  put(path: string, body?: unknown) {
    return this.request('PUT', path, body);
  }
  patch(path: string, body?: unknown) {
    return this.request('PATCH', path, body);
  }
  delete(path: string) {
    return this.request('DELETE', path);
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const allHeaders: Record<string, string> = { ...headers };
    if (body !== undefined && !allHeaders['content-type']) allHeaders['content-type'] = 'application/json';
    if (this.cookie) allHeaders.cookie = this.cookie;
    if (this.defaults.bearer) allHeaders.authorization = `Bearer ${this.defaults.bearer}`;
    const origin =
      this.defaults.origin === undefined
        ? new URL(this.baseUrl).origin.replace('127.0.0.1', 'localhost')
        : this.defaults.origin;
    if (origin && method !== 'GET') allHeaders.origin = new URL(this.baseUrl).origin;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: allHeaders,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const setCookie = response.headers.getSetCookie?.() ?? [];
    for (const cookie of setCookie) {
      const [pair] = cookie.split(';');
      if (pair?.startsWith('pb_session='))
        this.cookie = pair.endsWith('=') || /Expires=Thu, 01 Jan 1970/.test(cookie) ? null : pair;
    }
    const text = await response.text();
    let parsed: any = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }
}
