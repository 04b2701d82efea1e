import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnalyticsConversation, AnalyticsConversationAsSent } from '../schemas';
import { SeededRandom } from './seeded-random';

// What real Genesys Cloud does beyond its schema, switchable at run time (tests set
// `simulator.modes`; in simulated mode `POST /sim/genesys/_control/modes` does the same):
// - whole-day intervals: the synchronous details query returns every conversation that started
//   on any (UTC) day the interval touches, not only those inside it; and it allows an interval
//   of up to 31 days when the query carries a filter (7 days without one);
// - participants without sessions and sessions without segments, both optional in Genesys' own
//   definition: a share of conversations gains a flow participant that never held a session,
//   and its customer's session comes without segments.

export type GenesysSimulatorModes = {
  wholeDayIntervals: boolean;
  /** Share (0..1) of conversations sent with a participant without sessions and a session without segments. */
  participantsWithoutSessions: number;
};

export function defaultGenesysModes(): GenesysSimulatorModes {
  return { wholeDayIntervals: true, participantsWithoutSessions: 0 };
}

/** The longest interval the details query takes: 7 days, or 31 with a filter. */
export const MAX_INTERVAL_DAYS = { unfiltered: 7, filtered: 31 } as const;

/**
 * The conversation as sent under the modes: in the given share (decided by its id, so the same
 * conversation always comes the same way) a flow participant without `sessions` is added and
 * the customer's session loses its `segments`.
 */
export function asSent(conversation: AnalyticsConversation, modes: GenesysSimulatorModes): AnalyticsConversationAsSent {
  if (modes.participantsWithoutSessions <= 0) return conversation;
  if (new SeededRandom(`sessionless|${conversation.conversationId}`).next() >= modes.participantsWithoutSessions)
    return conversation;
  return withoutSessions(conversation);
}

/** The conversation with a flow participant that never held a session, and its customer's session without segments. */
export function withoutSessions(conversation: AnalyticsConversation): AnalyticsConversationAsSent {
  const participants = conversation.participants.map((participant) =>
    participant.purpose === 'customer'
      ? { ...participant, sessions: participant.sessions.map(({ segments: _segments, ...session }) => session) }
      : participant,
  );
  return {
    ...conversation,
    participants: [
      ...participants,
      {
        participantId: `${conversation.conversationId.slice(0, 24)}flow0000000`,
        participantName: 'Inbound Call Flow',
        purpose: 'workflow',
      },
    ],
  };
}

/** GET or POST `/_control/modes`: what the simulator plays now, or a change to it. */
export function answerGenesysModesControl(
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
  modes: GenesysSimulatorModes,
): void {
  const reply = (status: number, payload: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(payload));
  };
  if (req.method === 'POST') {
    let change: unknown;
    try {
      change = JSON.parse(body || '{}');
    } catch {
      return reply(400, { message: 'The body must be JSON', code: 'bad.request', status: 400 });
    }
    const problem = modesChangeProblem(change);
    if (problem) return reply(400, { message: problem, code: 'bad.request', status: 400 });
    Object.assign(modes, change);
  } else if (req.method !== 'GET') {
    return reply(405, { message: 'GET or POST', code: 'method.not.allowed', status: 405 });
  }
  reply(200, modes);
}

function modesChangeProblem(change: unknown): string | null {
  if (typeof change !== 'object' || change === null || Array.isArray(change)) return 'The body must be a JSON object';
  const value = change as Record<string, unknown>;
  const unknown = Object.keys(value).find(
    (key) => key !== 'wholeDayIntervals' && key !== 'participantsWithoutSessions',
  );
  if (unknown) return `Unknown mode "${unknown}"; modes are wholeDayIntervals, participantsWithoutSessions`;
  if (value.wholeDayIntervals !== undefined && typeof value.wholeDayIntervals !== 'boolean')
    return 'wholeDayIntervals is true or false';
  const share = value.participantsWithoutSessions;
  if (share !== undefined && !(typeof share === 'number' && share >= 0 && share <= 1))
    return 'participantsWithoutSessions is a share from 0 to 1';
  return null;
}
