import { TRPCError } from '@trpc/server';
import type { FastifyReply } from 'fastify';
import { procedureErrorAnswer } from './rest-errors';

/**
 * Answers a CSV download (the REST answers that are not JSON) as an attachment; when the
 * procedure refuses, the answer is the same JSON error envelope every other REST route sends.
 */
export async function answerCsvDownload(
  reply: FastifyReply,
  produce: () => Promise<{ filename: string; csv: string }>,
): Promise<FastifyReply> {
  try {
    const { filename, csv } = await produce();
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(csv);
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const { status, body } = procedureErrorAnswer(error);
    return reply.code(status).type('application/json').send(body);
  }
}
