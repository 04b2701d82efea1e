// The simulator's reading of QuickBooks' query language:
//   SELECT * | count(*) | f1, f2 FROM Entity [WHERE f op v [AND ...]] [ORDERBY f [ASC|DESC], ...]
//   [STARTPOSITION n] [MAXRESULTS m]
// with single-quoted literals (`\'` escapes a quote), operators = < > <= >= LIKE IN, and no OR,
// as QuickBooks has none.

export class QueryParseError extends Error {
  constructor(readonly detail: string) {
    super('Error parsing query');
  }
}

export class QueryValidationError extends Error {
  constructor(readonly detail: string) {
    super('Invalid query');
  }
}

type Token =
  | { kind: 'word'; text: string; column: number }
  | { kind: 'string'; text: string; column: number }
  | { kind: 'number'; text: string; column: number }
  | { kind: 'symbol'; text: string; column: number }
  | { kind: 'end'; text: ''; column: number };

export type Literal = string | number | boolean;

export type Condition =
  | { field: string; operator: '=' | '<' | '>' | '<=' | '>=' | 'LIKE'; value: Literal }
  | { field: string; operator: 'IN'; values: Literal[] };

export type ParsedQuery = {
  entity: string;
  selection: { kind: 'all' } | { kind: 'count' } | { kind: 'fields'; fields: string[] };
  conditions: Condition[];
  orderBy: Array<{ field: string; descending: boolean }>;
  startPosition: number;
  maxResults: number;
};

const defaultMaxResults = 100;
const largestMaxResults = 1000;

function tokenize(statement: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < statement.length) {
    const char = statement[index] ?? '';
    const column = index + 1;
    if (/\s/.test(char)) {
      index += 1;
    } else if (char === "'") {
      let text = '';
      index += 1;
      let closed = false;
      while (index < statement.length) {
        const current = statement[index];
        if (current === '\\' && statement[index + 1] === "'") {
          text += "'";
          index += 2;
        } else if (current === "'") {
          closed = true;
          index += 1;
          break;
        } else {
          text += current;
          index += 1;
        }
      }
      if (!closed)
        throw new QueryParseError(
          `QueryParserError: Lexical error at line 1, column ${statement.length + 1}.  Encountered: <EOF> after : "'${text}"`,
        );
      tokens.push({ kind: 'string', text, column });
    } else if (/[0-9-]/.test(char) && /^-?\d/.test(statement.slice(index))) {
      const match = /^-?\d+(\.\d+)?/.exec(statement.slice(index));
      const text = match?.[0] ?? char;
      tokens.push({ kind: 'number', text, column });
      index += text.length;
    } else if (/[A-Za-z_]/.test(char)) {
      const match = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(statement.slice(index));
      const text = match?.[0] ?? char;
      tokens.push({ kind: 'word', text, column });
      index += text.length;
    } else if (char === '<' || char === '>') {
      const text = statement[index + 1] === '=' ? `${char}=` : char;
      tokens.push({ kind: 'symbol', text, column });
      index += text.length;
    } else if ('=*,()'.includes(char)) {
      tokens.push({ kind: 'symbol', text: char, column });
      index += 1;
    } else {
      throw new QueryParseError(`QueryParserError: Lexical error at line 1, column ${column}.  Encountered: "${char}"`);
    }
  }
  tokens.push({ kind: 'end', text: '', column: statement.length + 1 });
  return tokens;
}

class Parser {
  private position = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.position] ?? { kind: 'end', text: '', column: 0 };
  }

  private next(): Token {
    const token = this.peek();
    this.position += 1;
    return token;
  }

  private unexpected(token: Token): QueryParseError {
    const found = token.kind === 'end' ? '<EOF>' : `"${token.text}"`;
    return new QueryParseError(`QueryParserError: Encountered " ${found} " at line 1, column ${token.column}.`);
  }

  private isKeyword(keyword: string): boolean {
    const token = this.peek();
    return token.kind === 'word' && token.text.toUpperCase() === keyword;
  }

  private expectKeyword(keyword: string): void {
    if (!this.isKeyword(keyword)) throw this.unexpected(this.peek());
    this.next();
  }

  private expectSymbol(symbol: string): void {
    const token = this.peek();
    if (token.kind !== 'symbol' || token.text !== symbol) throw this.unexpected(token);
    this.next();
  }

  private field(): string {
    const token = this.next();
    if (token.kind !== 'word') throw this.unexpected(token);
    return token.text;
  }

  private literal(): Literal {
    const token = this.next();
    if (token.kind === 'string') return token.text;
    if (token.kind === 'number') return Number(token.text);
    if (token.kind === 'word' && /^(true|false)$/i.test(token.text)) return token.text.toLowerCase() === 'true';
    throw this.unexpected(token);
  }

  private integer(): number {
    const token = this.next();
    if (token.kind !== 'number' || !/^\d+$/.test(token.text)) throw this.unexpected(token);
    return Number(token.text);
  }

  parse(): ParsedQuery {
    this.expectKeyword('SELECT');
    let selection: ParsedQuery['selection'];
    const first = this.peek();
    if (first.kind === 'symbol' && first.text === '*') {
      this.next();
      selection = { kind: 'all' };
    } else if (first.kind === 'word' && first.text.toLowerCase() === 'count') {
      this.next();
      this.expectSymbol('(');
      this.expectSymbol('*');
      this.expectSymbol(')');
      selection = { kind: 'count' };
    } else {
      const fields = [this.field()];
      while (this.peek().kind === 'symbol' && this.peek().text === ',') {
        this.next();
        fields.push(this.field());
      }
      selection = { kind: 'fields', fields };
    }
    this.expectKeyword('FROM');
    const entity = this.field();

    const conditions: Condition[] = [];
    if (this.isKeyword('WHERE')) {
      this.next();
      conditions.push(this.condition());
      while (this.isKeyword('AND')) {
        this.next();
        conditions.push(this.condition());
      }
    }

    const orderBy: ParsedQuery['orderBy'] = [];
    if (this.isKeyword('ORDERBY') || this.isKeyword('ORDER')) {
      if (this.next().text.toUpperCase() === 'ORDER') this.expectKeyword('BY');
      do {
        if (orderBy.length > 0) this.next();
        const field = this.field();
        let descending = false;
        if (this.isKeyword('DESC') || this.isKeyword('ASC')) descending = this.next().text.toUpperCase() === 'DESC';
        orderBy.push({ field, descending });
      } while (this.peek().kind === 'symbol' && this.peek().text === ',');
    }

    let startPosition = 1;
    let maxResults = defaultMaxResults;
    for (;;) {
      if (this.isKeyword('STARTPOSITION')) {
        this.next();
        startPosition = Math.max(1, this.integer());
      } else if (this.isKeyword('MAXRESULTS')) {
        this.next();
        maxResults = Math.min(largestMaxResults, this.integer());
      } else {
        break;
      }
    }
    const rest = this.peek();
    if (rest.kind !== 'end') throw this.unexpected(rest);
    return { entity, selection, conditions, orderBy, startPosition, maxResults };
  }

  private condition(): Condition {
    const field = this.field();
    const token = this.next();
    if (token.kind === 'word' && token.text.toUpperCase() === 'IN') {
      this.expectSymbol('(');
      const values = [this.literal()];
      while (this.peek().kind === 'symbol' && this.peek().text === ',') {
        this.next();
        values.push(this.literal());
      }
      this.expectSymbol(')');
      return { field, operator: 'IN', values };
    }
    if (token.kind === 'word' && token.text.toUpperCase() === 'LIKE') {
      const value = this.literal();
      if (typeof value !== 'string') throw this.unexpected(token);
      return { field, operator: 'LIKE', value };
    }
    if (token.kind === 'symbol' && ['=', '<', '>', '<=', '>='].includes(token.text)) {
      return { field, operator: token.text as '=' | '<' | '>' | '<=' | '>=', value: this.literal() };
    }
    throw this.unexpected(token);
  }
}

/** Parses a statement; throws QueryParseError (QuickBooks code 4000) on bad syntax. */
export function parseQuery(statement: string): ParsedQuery {
  return new Parser(tokenize(statement)).parse();
}
