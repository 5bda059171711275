/**
 * Polls and quizzes: GET /polls/active, /polls/{id}, /polls/{id}/score, /polls/{id}/answers,
 * /polls/questions/{id}/score, /polls/questions/{id}/answers, and POST /polls/{id}/answers.
 * The participant is the logged-in customer, else the device (poll device cookie, content/pollDevice.ts); one answer
 * per question each — the database's unique index backs the rule up when two requests race. Anonymous answers are
 * counted per client address (ANONYMOUS_ANSWER_LIMIT, 429 beyond), and a prize draw takes customers only (401).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { Poll, PollAnswer, PollScore, QuestionScore } from '@shop/contracts/types';
import type { Db } from '../../db/index.js';
import type { DbExecutor } from '../../accounts/mail.js';
import { publishedBy } from '../../content/publication.js';
import { pollAnswers, pollOptions, pollQuestions, polls } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { DatabaseCounterStore, RedisCounterStore } from '../../accounts/throttle.js';
import {
  admission,
  ANONYMOUS_ANSWER_LIMIT,
  checkAnswers,
  isCorrect,
  participantOf,
  POLL_TEXTS,
  pollScore,
  questionScore,
  type PollStructure,
  type Voter,
} from '../../content/polls.js';
import { ensureDevice, requestDevice } from '../../content/pollDevice.js';
import { assertSameShape, ContentPreviewSchema, DbId, errorResponses, Nullable, PreviewQuery, type SameShape } from '../shared/schema.js';
import { markPreviewAnswer, mayPreview, previewOf } from '../../content/preview.js';
import { PREVIEW_PARAM } from '@shop/contracts/routes';
import { clientOf } from '../../server/client.js';

export const POLL_CLOSED = 'Denne avstemningen er avsluttet.';

export const PollOptionSchema = Type.Object({ id: Type.Integer(), question_id: Type.Integer(), text: Type.String() });
export const PollQuestionSchema = Type.Object({ id: Type.Integer(), poll_id: Type.Integer(), text: Type.String(), options: Type.Array(PollOptionSchema) });
export const PollSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  banner_desktop: Nullable(Type.String()),
  banner_mobile: Nullable(Type.String()),
  active: Type.Boolean(),
  prize_draw: Type.Boolean({ description: 'A quiz with a prize draw: answers from logged-in customers only (else 401)' }),
  quiz: Type.Boolean({ description: 'Some option is marked right: answers are right or wrong and score. A plain poll has no right answers' }),
  questions: Type.Array(PollQuestionSchema),
  preview: Type.Optional(ContentPreviewSchema),
});
export const PollAnswerSchema = Type.Object({ question_id: Type.Integer(), option_id: Type.Integer(), correct: Type.Boolean() });
export const PollScoreSchema = Type.Object({ poll_id: Type.Integer(), score: Type.Integer(), total: Type.Integer() });
export const QuestionScoreSchema = Type.Object({
  question_id: Type.Integer(),
  options: Type.Array(Type.Object({ option_id: Type.Integer(), count: Type.Integer() })),
  total: Type.Integer(),
});
export const PostPollAnswersBody = Type.Object(
  {
    answers: Type.Array(
      Type.Object({ question_id: DbId(), option_id: DbId() }, { additionalProperties: false }),
      { minItems: 1, maxItems: 100 },
    ),
  },
  { additionalProperties: false },
);
assertSameShape<SameShape<Static<typeof PollSchema>, Poll>>();
assertSameShape<SameShape<Static<typeof PollAnswerSchema>, PollAnswer>>();
assertSameShape<SameShape<Static<typeof PollScoreSchema>, PollScore>>();
assertSameShape<SameShape<Static<typeof QuestionScoreSchema>, QuestionScore>>();

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

type PollFull = Poll & PollStructure;

/** Polls with their questions and options (correctness kept server-side; `toPublic` strips it). */
export async function loadPolls(db: DbExecutor, ids: number[]): Promise<PollFull[]> {
  if (ids.length === 0) return [];
  const [pollRows, questionRows] = await Promise.all([
    db.select().from(polls).where(inArray(polls.id, ids)).orderBy(asc(polls.id)),
    db.select().from(pollQuestions).where(inArray(pollQuestions.pollId, ids)).orderBy(asc(pollQuestions.sort), asc(pollQuestions.id)),
  ]);
  const optionRows = questionRows.length
    ? await db
        .select()
        .from(pollOptions)
        .where(inArray(pollOptions.questionId, questionRows.map((q) => q.id)))
        .orderBy(asc(pollOptions.sort), asc(pollOptions.id))
    : [];
  return pollRows.map((p) => {
    const questions = questionRows
      .filter((q) => q.pollId === p.id)
      .map((q) => ({
        id: q.id,
        poll_id: p.id,
        text: q.text,
        options: optionRows.filter((o) => o.questionId === q.id).map((o) => ({ id: o.id, question_id: q.id, text: o.text, correct: o.correct })),
      }));
    return {
      id: p.id,
      name: p.name,
      description: p.description,
      banner_desktop: p.bannerDesktop,
      banner_mobile: p.bannerMobile,
      active: p.active,
      prize_draw: p.prizeDraw,
      quiz: questions.some((q) => q.options.some((o) => o.correct)),
      questions,
    };
  });
}

export function toPublic(poll: PollFull): Poll {
  return {
    id: poll.id,
    name: poll.name,
    description: poll.description,
    banner_desktop: poll.banner_desktop,
    banner_mobile: poll.banner_mobile,
    active: poll.active,
    prize_draw: poll.prize_draw,
    quiz: poll.quiz,
    questions: poll.questions.map((q) => ({ id: q.id, poll_id: q.poll_id, text: q.text, options: q.options.map(({ id, question_id, text }) => ({ id, question_id, text })) })),
  };
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505');

/** The counter of anonymous answers from one client address (the store's keys are shared with other counters). */
const anonymousAnswersKey = (ip: string) => `poll-answers:ip:${ip}`;

export const pollsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = () => app.database.db;
  // Shared by every API process: in Redis when REDIS_URL is set, else in the database (login_attempts' table).
  const redisUrl = process.env.REDIS_URL || undefined;
  const anonymousAnswers = redisUrl
    ? new RedisCounterStore(redisUrl, ANONYMOUS_ANSWER_LIMIT.windowMs, 'poll-throttle:')
    : new DatabaseCounterStore(app.database.db, ANONYMOUS_ANSWER_LIMIT.windowMs);
  app.addHook('onClose', async () => anonymousAnswers.close());
  /** The device cookie goes to the poll routes only. */
  const deviceCookie = { path: `${app.prefix}/polls`, secure: app.secureCookies };
  const pollOr404 = async (id: number) => {
    // Unpublished (or not yet due) polls are not on the site: 404, as if they did not exist.
    const [visible] = await db().select({ id: polls.id }).from(polls).where(and(eq(polls.id, id), publishedBy(polls.publishedAt, new Date())));
    const [poll] = visible ? await loadPolls(db(), [id]) : [];
    if (!poll) throw new HttpError(404, POLL_TEXTS.notFound);
    return poll;
  };
  /** The poll of a question on the site (published and due), else 404: a draft's questions and their scores are not public. */
  const questionPollOr404 = async (questionId: number) => {
    const [question] = await db()
      .select({ pollId: pollQuestions.pollId })
      .from(pollQuestions)
      .innerJoin(polls, eq(polls.id, pollQuestions.pollId))
      .where(and(eq(pollQuestions.id, questionId), publishedBy(polls.publishedAt, new Date())));
    if (!question) throw new HttpError(404, POLL_TEXTS.questionNotFound);
    return question.pollId;
  };
  /** This participant's answers to the given questions (nobody without a customer or a device has answered anything). */
  const answersOf = async (participant: string | null, where: ReturnType<typeof eq>) => {
    if (!participant) return [];
    return db()
      .select({ question_id: pollAnswers.questionId, option_id: pollAnswers.optionId })
      .from(pollAnswers)
      .where(and(eq(pollAnswers.participant, participant), where))
      .orderBy(asc(pollAnswers.questionId));
  };
  /** The voter of a read: nothing is created (no session, no device cookie). */
  const currentParticipant = async (request: FastifyRequest) => {
    const session = await request.session.get();
    return participantOf({ customerId: session?.customerId ?? null, device: requestDevice(request) });
  };

  app.get(
    '/polls/active',
    { schema: { tags: ['content'], summary: 'The polls open for answers', response: { 200: Type.Array(PollSchema) } } },
    async () => {
      const rows = await db().select({ id: polls.id }).from(polls).where(and(eq(polls.active, true), publishedBy(polls.publishedAt, new Date())));
      return (await loadPolls(db(), rows.map((r) => r.id))).map(toPublic);
    },
  );

  app.get(
    '/polls/:id',
    {
      schema: {
        tags: ['content'],
        summary: `One poll with questions and options (?${PREVIEW_PARAM}=1 from an editor: the poll as saved, any status; it still takes no answers)`,
        params: IdParams,
        querystring: PreviewQuery,
        response: { 200: PollSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      markPreviewAnswer(request, reply);
      if (!(await mayPreview(db(), request))) return toPublic(await pollOr404(request.params.id));
      const [row] = await db().select({ publishedAt: polls.publishedAt, unpublishedAt: polls.unpublishedAt }).from(polls).where(eq(polls.id, request.params.id));
      const [poll] = row ? await loadPolls(db(), [request.params.id]) : [];
      if (!row || !poll) throw new HttpError(404, POLL_TEXTS.notFound);
      return { ...toPublic(poll), preview: previewOf(row, new Date()) };
    },
  );

  app.get(
    '/polls/:id/score',
    { schema: { tags: ['content'], summary: "This participant's correct answers out of the questions", params: IdParams, response: { 200: PollScoreSchema, ...errorResponses } } },
    async (request) => {
      const poll = await pollOr404(request.params.id);
      const answers = await answersOf(await currentParticipant(request), eq(pollAnswers.pollId, poll.id));
      return pollScore(poll, answers);
    },
  );

  app.get(
    '/polls/:id/answers',
    { schema: { tags: ['content'], summary: "This participant's answers with correctness", params: IdParams, response: { 200: Type.Array(PollAnswerSchema), ...errorResponses } } },
    async (request, reply) => {
      const poll = await pollOr404(request.params.id);
      const answers = await answersOf(await currentParticipant(request), eq(pollAnswers.pollId, poll.id));
      reply.header('cache-control', 'no-store');
      return answers.map((a) => ({ ...a, correct: isCorrect(poll, a) }));
    },
  );

  app.post(
    '/polls/:id/answers',
    {
      schema: {
        tags: ['content'],
        summary:
          'Answer questions of a poll: one answer per question per customer, or per device (poll_device cookie, set when absent) ' +
          'for anonymous voters; a repeat is 409. Anonymous answers: a prize draw is 401, too many from one client address 429',
        params: IdParams,
        body: PostPollAnswersBody,
        response: { 201: Type.Array(PollAnswerSchema), 401: Type.Ref('ErrorBody'), 409: Type.Ref('ErrorBody'), 429: Type.Ref('ErrorBody'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const poll = await pollOr404(request.params.id);
      if (!poll.active) throw new HttpError(409, POLL_CLOSED);
      const session = await request.session.ensure();
      const anonymous = session.customerId === null;
      const voter: Voter = { customerId: session.customerId, device: anonymous ? requestDevice(request) : null };
      const fromAddress = anonymous ? await anonymousAnswers.count(anonymousAnswersKey(clientOf(request))) : 0;
      const admitted = admission(poll, voter, fromAddress);
      if (!admitted.ok) throw new HttpError(admitted.status, admitted.message);
      if (anonymous) voter.device = ensureDevice(request, reply, deviceCookie);
      const participant = participantOf(voter)!;
      const before = await answersOf(participant, eq(pollAnswers.pollId, poll.id));
      const check = checkAnswers(poll, request.body.answers, new Set(before.map((a) => a.question_id)));
      if (!check.ok) {
        throw new HttpError(check.status, check.message, check.field ? [{ field: check.field, message: check.message }] : undefined);
      }
      try {
        await db().transaction(async (tx) => {
          await tx.insert(pollAnswers).values(
            check.answers.map((a) => ({ pollId: poll.id, questionId: a.question_id, optionId: a.option_id, participant })),
          );
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, POLL_TEXTS.alreadyAnswered);
        throw error;
      }
      // Counted once kept: a refused or repeated answer uses none of the address's allowance.
      if (anonymous) await anonymousAnswers.increment(anonymousAnswersKey(clientOf(request)));
      const after = await answersOf(participant, eq(pollAnswers.pollId, poll.id));
      return reply.status(201).header('cache-control', 'no-store').send(after.map((a) => ({ ...a, correct: isCorrect(poll, a) })));
    },
  );

  app.get(
    '/polls/questions/:id/score',
    { schema: { tags: ['content'], summary: 'How many chose each option of a question of a published poll (404 for a draft)', params: IdParams, response: { 200: QuestionScoreSchema, ...errorResponses } } },
    async (request) => {
      const id = request.params.id;
      await questionPollOr404(id);
      const options = await db().select({ id: pollOptions.id }).from(pollOptions).where(eq(pollOptions.questionId, id)).orderBy(asc(pollOptions.sort), asc(pollOptions.id));
      const counts = await db()
        .select({ option_id: pollAnswers.optionId, count: sql<number>`count(*)::int` })
        .from(pollAnswers)
        .where(eq(pollAnswers.questionId, id))
        .groupBy(pollAnswers.optionId);
      return questionScore(id, options.map((o) => o.id), counts.map((c) => ({ option_id: c.option_id, count: Number(c.count) })));
    },
  );

  app.get(
    '/polls/questions/:id/answers',
    { schema: { tags: ['content'], summary: "This participant's answer to one question, with correctness", params: IdParams, response: { 200: Type.Array(PollAnswerSchema), ...errorResponses } } },
    async (request, reply) => {
      const [poll] = await loadPolls(db(), [await questionPollOr404(request.params.id)]);
      const answers = await answersOf(await currentParticipant(request), eq(pollAnswers.questionId, request.params.id));
      reply.header('cache-control', 'no-store');
      return answers.map((a) => ({ ...a, correct: isCorrect(poll!, a) }));
    },
  );
};
