/**
 * Polls and quizzes for editors beyond the save: open/close (takes answers or not), live results per option (a
 * quiz's correct options marked) and every answer as CSV for a spreadsheet.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { and, asc, count, countDistinct, eq } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { PollResults } from '@shop/contracts/types';
import { pollAnswers, pollOptions, pollQuestions, polls } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { claimVersion, recordAudit, recordRevision } from '../../content/history.js';
import { toCsv } from '../../content/csv.js';
import { EDITOR_ERRORS } from '../../content/texts.js';
import { versionTag } from '../../content/versions.js';
import { assertSameShape, type SameShape } from '../shared/schema.js';
import { staffOf } from './guard.js';
import { loadEditorPoll, snapshotOf } from './views.js';
import type { GuardedResponses } from './index.js';

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const OpenInputSchema = Type.Object(
  { open: Type.Boolean(), version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })) },
  { additionalProperties: false },
);
const PollResultsSchema = Type.Object({
  poll_id: Type.Integer(),
  participants: Type.Integer(),
  questions: Type.Array(
    Type.Object({
      question_id: Type.Integer(),
      text: Type.String(),
      total: Type.Integer(),
      options: Type.Array(Type.Object({ option_id: Type.Integer(), text: Type.String(), correct: Type.Boolean(), count: Type.Integer() })),
    }),
  ),
});
assertSameShape<SameShape<Static<typeof PollResultsSchema>, PollResults>>();

/** The CSV's columns (Norwegian: editors open it in a spreadsheet). */
export const ANSWER_CSV_HEADER = ['Tidspunkt', 'Deltaker', 'Spørsmål', 'Svar', 'Riktig'] as const;

export const pollResultRoutes =
  ({ guardedResponses, expectedVersion }: { guardedResponses: GuardedResponses; expectedVersion: (request: FastifyRequest, body: number | undefined) => number | null }): FastifyPluginAsyncTypebox =>
  async (app) => {
    const db = () => app.database.db;
    const pollOr404 = async (id: number) => {
      const [row] = await db().select({ id: polls.id, name: polls.name }).from(polls).where(eq(polls.id, id));
      if (!row) throw new HttpError(404, EDITOR_ERRORS.pollNotFound);
      return row;
    };

    app.post(
      '/editor/polls/:id/open',
      {
        schema: {
          tags: ['editor'],
          summary: 'Open (takes answers) or close a poll; needs its version (If-Match or version)',
          params: IdParams,
          body: OpenInputSchema,
          response: { 200: Type.Object({ active: Type.Boolean(), version: Type.Integer() }), ...guardedResponses },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const actor = staffOf(request);
        const expected = expectedVersion(request, request.body.version);
        const now = new Date();
        const version = await db().transaction(async (tx) => {
          const v = await claimVersion(tx, 'poll', String(id), expected, actor, now, (inner) => snapshotOf(inner, 'poll', String(id)));
          await tx.update(polls).set({ active: request.body.open }).where(eq(polls.id, id));
          await recordRevision(tx, 'poll', String(id), v, await snapshotOf(tx, 'poll', String(id)), actor, now);
          await recordAudit(tx, actor, 'poll', String(id), request.body.open ? 'open' : 'close', { version: v }, now);
          return v;
        });
        reply.header('etag', versionTag(version));
        return { active: request.body.open, version };
      },
    );

    app.get(
      '/editor/polls/:id/results',
      { schema: { tags: ['editor'], summary: 'Answers per option so far (a quiz marks its correct options)', params: IdParams, response: { 200: PollResultsSchema, ...guardedResponses } } },
      async (request) => {
        const { id } = request.params;
        const poll = await loadEditorPoll(db(), id);
        if (!poll) throw new HttpError(404, EDITOR_ERRORS.pollNotFound);
        const [counts, [people]] = await Promise.all([
          db().select({ optionId: pollAnswers.optionId, n: count() }).from(pollAnswers).where(eq(pollAnswers.pollId, id)).groupBy(pollAnswers.optionId),
          db().select({ n: countDistinct(pollAnswers.participant) }).from(pollAnswers).where(eq(pollAnswers.pollId, id)),
        ]);
        const byOption = new Map(counts.map((c) => [c.optionId, Number(c.n)]));
        return {
          poll_id: id,
          participants: Number(people?.n ?? 0),
          questions: poll.questions.map((q) => {
            const options = q.options.map((o) => ({ option_id: o.id, text: o.text, correct: o.correct, count: byOption.get(o.id) ?? 0 }));
            return { question_id: q.id, text: q.text, total: options.reduce((sum, o) => sum + o.count, 0), options };
          }),
        };
      },
    );

    app.get(
      '/editor/polls/:id/answers.csv',
      {
        schema: {
          tags: ['editor'],
          summary: 'Every answer as CSV (UTF-8 with BOM for Excel): time, participant, question, answer, correct',
          params: IdParams,
          produces: ['text/csv'],
          response: { 200: Type.String(), ...guardedResponses },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const poll = await pollOr404(id);
        const rows = await db()
          .select({ at: pollAnswers.createdAt, participant: pollAnswers.participant, question: pollQuestions.text, answer: pollOptions.text, correct: pollOptions.correct })
          .from(pollAnswers)
          .innerJoin(pollQuestions, eq(pollQuestions.id, pollAnswers.questionId))
          .innerJoin(pollOptions, and(eq(pollOptions.id, pollAnswers.optionId)))
          .where(eq(pollAnswers.pollId, id))
          .orderBy(asc(pollAnswers.createdAt), asc(pollAnswers.id));
        const csv = toCsv(
          ANSWER_CSV_HEADER,
          rows.map((r) => [r.at.toISOString(), r.participant, r.question, r.answer, r.correct ? 'ja' : 'nei']),
        );
        const fileName = `svar-${poll.id}.csv`;
        return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(csv);
      },
    );
  };
