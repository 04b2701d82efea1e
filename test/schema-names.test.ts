// One naming scheme (issue 27, STYLE.md): what a procedure takes is a `Z…RequestSchema`, what it
// answers a `Z…ResponseSchema`, so a reader finds any operation's shapes by name alone.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const routersDirectory = path.join(__dirname, '../packages/api/src/routers');
const routerFiles = readdirSync(routersDirectory, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({ name, text: readFileSync(path.join(routersDirectory, name), 'utf8') }));

/** Each `.input(X)` / `.output(X)` whose X does not follow the scheme, as "file: .input(X)". */
function misnamed(kind: 'input' | 'output', suffix: string, files = routerFiles): string[] {
  return files.flatMap(({ name, text }) =>
    [...text.matchAll(new RegExp(`\\.${kind}\\(\\s*([^)]*?)\\s*\\)`, 'g'))]
      // `.optional()` (a GET whose query may be empty) names the same schema.
      .map((match) => match[1]!.replace(/\.optional\(\)?$/, ''))
      .filter((schema) => !new RegExp(`^Z[A-Za-z0-9]+${suffix}$`).test(schema))
      .map((schema) => `${name}: .${kind}(${schema})`),
  );
}

describe('schema names', () => {
  it('finds a procedure whose shapes are named otherwise (the check works)', () => {
    const sample = [
      {
        name: 'sample.ts',
        text: 'p.input(ZRunBillingJobSchema).output(ZJobResponse); q.input(ZOkRequestSchema).output(ZOkResponseSchema)',
      },
    ];
    expect(misnamed('input', 'RequestSchema', sample)).toEqual(['sample.ts: .input(ZRunBillingJobSchema)']);
    expect(misnamed('output', 'ResponseSchema', sample)).toEqual(['sample.ts: .output(ZJobResponse)']);
  });

  it('names every procedure input Z…RequestSchema and every output Z…ResponseSchema', () => {
    expect(routerFiles.length).toBeGreaterThan(10);
    expect(misnamed('input', 'RequestSchema')).toEqual([]);
    expect(misnamed('output', 'ResponseSchema')).toEqual([]);
  });
});
