import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WriteOutcome } from './request-fields';
import { createShareCounter, type Answers, type SimulatorContext } from './context';
import type { CompanyState, StoredAnswer } from './state';
import { faultBody, faults as faultSpecs, formatQboTime } from './wire-format';

/** Writes' answers: repeats by requestid, lost answers as the faults say, outcomes as QuickBooks words them. */
export function createWriteAnswers(ctx: SimulatorContext, answers: Answers, afterWrite: (realmId: string) => void) {
  const { now, faults, persist } = ctx;
  const { send, sendFault } = answers;
  const lostAnswerShare = createShareCounter();
  let lostAnswerCount = 0;

  /**
   * Answers a write, remembering the answer under its requestid so a repeat gets the same bytes
   * and changes nothing. Only accepted writes are remembered: a rejected one may be corrected
   * and sent again with the same requestid.
   */
  function answerWrite(
    req: IncomingMessage,
    res: ServerResponse,
    target: CompanyState,
    requestId: string | null,
    perform: () => { status: number; body: unknown },
    answerCanBeLost: boolean,
  ): void {
    if (requestId) {
      const earlier = target.answersByRequestId[requestId];
      if (earlier) {
        send(res, earlier.status, earlier.body);
        return;
      }
    }
    const result = perform();
    const answer: StoredAnswer = { status: result.status, body: JSON.stringify(result.body) };
    if (result.status === 200) {
      if (requestId) target.answersByRequestId[requestId] = answer;
      persist();
      afterWrite(target.realmId);
    }
    if (answerCanBeLost && result.status === 200 && lostAnswerShare(faults.lostAnswerRate)) {
      lostAnswerCount += 1;
      const mode = faults.lostAnswerMode ?? 'both';
      const drop = mode === 'drop' || (mode === 'both' && lostAnswerCount % 2 === 0);
      if (drop) req.socket.destroy();
      else sendFault(res, faultSpecs.serverError(lostAnswerCount % 2 === 0 ? 503 : 500));
      return;
    }
    send(res, answer.status, answer.body);
  }

  function parseJson(body: string): { ok: true; value: unknown } | { ok: false } {
    try {
      return { ok: true, value: JSON.parse(body) };
    } catch {
      return { ok: false };
    }
  }

  function fromOutcome<T>(outcome: WriteOutcome<T>, entityName: string): { status: number; body: unknown } {
    return outcome.ok
      ? { status: 200, body: { [entityName]: outcome.entity, time: formatQboTime(now()) } }
      : { status: outcome.fault.status, body: faultBody(outcome.fault, now()) };
  }

  return { answerWrite, parseJson, fromOutcome };
}
