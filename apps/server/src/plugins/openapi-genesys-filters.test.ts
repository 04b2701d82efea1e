import { appRouter } from '@phone-billing/api';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi-document';
import { restOperations } from './rest-operations';

/** The Genesys call-record endpoints document their media type and direction filters (issue 24, spec/API.md). */

type Parameter = { name: string; in: string; schema: { enum?: string[]; default?: string; description?: string } };
type Schema = { properties?: Record<string, Schema>; required?: string[] };
const document = buildOpenApiDocument(restOperations(appRouter), 'http://localhost:3000') as unknown as {
  paths: Record<
    string,
    { get: { parameters: Parameter[]; responses: Record<string, { content: Record<string, { schema: Schema }> }> } }
  >;
};
const parametersOf = (path: string) =>
  new Map(document.paths[path]!.get.parameters.map((parameter) => [parameter.name, parameter]));
const answerOf = (path: string) =>
  document.paths[path]!.get.responses['200']!.content['application/json']!.schema.properties!.data!;

describe('the Genesys call-record endpoints in the OpenAPI document', () => {
  it.each(['/genesys/call-records', '/genesys/call-records/export', '/genesys/analytics'])(
    '%s takes mediaType and direction, default all',
    (path) => {
      const parameters = parametersOf(path);
      expect(parameters.get('mediaType')?.schema).toMatchObject({
        default: 'all',
        description: expect.stringContaining('media type'),
      });
      expect(parameters.get('mediaType')?.schema.enum).toEqual(
        expect.arrayContaining(['all', 'voice', 'callback', 'chat', 'email', 'message']),
      );
      expect(parameters.get('direction')?.schema).toMatchObject({
        default: 'all',
        enum: ['all', 'inbound', 'outbound'],
      });
    },
  );

  it('documents the export columns and the voice calls beside each total', () => {
    expect(parametersOf('/genesys/call-records/export').get('columns')?.schema).toMatchObject({
      default: 'standard',
      enum: ['standard', 'with-metrics'],
    });
    expect(answerOf('/genesys/call-records').properties!.summary!.required).toEqual(
      expect.arrayContaining(['calls', 'voiceCalls']),
    );
    expect(answerOf('/genesys/analytics').required).toEqual(
      expect.arrayContaining(['totalCalls', 'voiceCalls', 'callsByMediaType']),
    );
    const record = answerOf('/genesys/call-records').properties!.callRecords as unknown as { items: Schema };
    expect(record.items.required).toEqual(
      expect.arrayContaining(['talkSeconds', 'holdSeconds', 'acwSeconds', 'handleSeconds']),
    );
  });
});
