import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AddedLearners,
  addedLearnersSchema,
  type ClassSummary,
  classCommunitySchema,
  classDetailSchema,
  classListSchema,
  classProgressSchema,
  classSummarySchema,
  helpQueueSchema,
  helpSketchSchema,
  type LearnerWithSecret,
  learnerProgressSchema,
  learnerSchema,
  learnerWithSecretSchema,
} from '#shared/schemas/classes.ts';
import { sketchSchema } from '#shared/schemas/sketches.ts';
import { z } from '#shared/schemas/z.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { authedRequest } from '#web/lib/auth/session.ts';
import { withReason } from '#web/lib/error-toast.ts';

/** Every class query starts with this, so one change (or a live wake-up) refreshes what it touched. */
export const CLASSES_QUERY_ROOT = ['classes'] as const;

const classPath = (id: string) => `/api/classes/${encodeURIComponent(id)}`;
const learnerPath = (classId: string, learnerId: string) =>
  `${classPath(classId)}/learners/${encodeURIComponent(learnerId)}`;

export const classListQueryOptions = () =>
  queryOptions({
    queryKey: [...CLASSES_QUERY_ROOT, 'list'],
    queryFn: ({ signal }) => authedRequest('/api/classes', classListSchema, { signal }),
  });

export const classQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...CLASSES_QUERY_ROOT, id, 'detail'],
    queryFn: ({ signal }) => authedRequest(classPath(id), classDetailSchema, { signal }),
  });

export const classProgressQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...CLASSES_QUERY_ROOT, id, 'progress'],
    queryFn: ({ signal }) => authedRequest(`${classPath(id)}/progress`, classProgressSchema, { signal }),
  });

export const helpQueueQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...CLASSES_QUERY_ROOT, id, 'help'],
    queryFn: ({ signal }) => authedRequest(`${classPath(id)}/help`, helpQueueSchema, { signal }),
  });

export const learnerProgressQueryOptions = (classId: string, learnerId: string) =>
  queryOptions({
    queryKey: [...CLASSES_QUERY_ROOT, classId, 'progress', learnerId],
    queryFn: ({ signal }) =>
      authedRequest(`${learnerPath(classId, learnerId)}/progress`, learnerProgressSchema, { signal }),
  });

/**
 * A learner's version of a tutorial's code, and the tutorial's own beside it (the site's copy of
 * the `.ino`), for the help queue's "Their code".
 */
export const learnerCodeQueryOptions = (classId: string, learnerId: string, slug: string) =>
  queryOptions({
    queryKey: [...CLASSES_QUERY_ROOT, classId, 'code', learnerId, slug],
    queryFn: async ({ signal }) => {
      const [theirs, original] = await Promise.all([
        authedRequest(`${learnerPath(classId, learnerId)}/sketches/${encodeURIComponent(slug)}`, sketchSchema, {
          signal,
        }),
        fetch(`/sketches/${encodeURIComponent(slug)}.ino`, { signal }).then((response) => {
          if (!response.ok) throw new Error(`The tutorial's sketch did not load (${response.status})`);
          return response.text();
        }),
      ]);
      return { theirs: theirs.source, original, updatedAt: theirs.updated_at };
    },
  });

export const useLearnerCode = (classId: string, learnerId: string, slug: string) =>
  useQuery(learnerCodeQueryOptions(classId, learnerId, slug));

/**
 * The sketch of their own a waiting learner asked about (issue 33), for the help queue's "Their
 * sketch": a blocks program comes as the C++ its blocks make.
 */
export const helpSketchQueryOptions = (classId: string, requestId: number) =>
  queryOptions({
    queryKey: [...CLASSES_QUERY_ROOT, classId, 'help', requestId, 'sketch'],
    queryFn: ({ signal }) =>
      authedRequest(`${classPath(classId)}/help/${requestId}/sketch`, helpSketchSchema, { signal }),
  });

export const useHelpSketch = (classId: string, requestId: number) =>
  useQuery(helpSketchQueryOptions(classId, requestId));

/** Under the class's key: a teacher's change to the class (its switch, a learner added) refreshes it too. */
export const classCommunityQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...CLASSES_QUERY_ROOT, id, 'community'],
    queryFn: ({ signal }) => authedRequest(`${classPath(id)}/community`, classCommunitySchema, { signal }),
  });

export const useClassList = () => useQuery(classListQueryOptions());
export const useClass = (id: string) => useQuery(classQueryOptions(id));
export const useClassProgress = (id: string) => useQuery(classProgressQueryOptions(id));
export const useHelpQueue = (id: string) => useQuery(helpQueueQueryOptions(id));
export const useLearnerProgress = (classId: string, learnerId: string | null) =>
  useQuery({ ...learnerProgressQueryOptions(classId, learnerId ?? ''), enabled: learnerId !== null });

/**
 * The class's community page (product D18). Not live: a stream per learner would take the stream
 * slots a school's one address has (decision 016) from the teacher's live class page. It is read
 * again whenever the tab comes back into view, so a learner waiting for their teacher to open it,
 * or for a classmate to be added, sees it on their next look. A refusal (4xx) is an answer, not a
 * glitch: it is not tried again.
 */
export const useClassCommunity = (id: string) =>
  useQuery({
    ...classCommunityQueryOptions(id),
    refetchOnWindowFocus: 'always',
    retry: (failures, error) =>
      failures < 1 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
  });

function useClassMutation<A, R>(failed: string, mutationFn: (args: A) => Promise<R>, classId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: withReason(failed) },
    mutationFn,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: classId ? [...CLASSES_QUERY_ROOT, classId] : CLASSES_QUERY_ROOT }),
  });
}

export const useCreateClass = () =>
  useClassMutation('Class not created', (name: string) =>
    authedRequest('/api/classes', classSummarySchema, { method: 'POST', body: { name } }),
  );

export const useUpdateClass = (id: string) =>
  useClassMutation(
    'Class not changed',
    (change: { name?: string; archived?: boolean; community?: boolean }): Promise<ClassSummary> =>
      authedRequest(classPath(id), classSummarySchema, { method: 'PATCH', body: change }),
  );

export const useDeleteClass = (id: string) =>
  useClassMutation('Class not deleted', (confirmName: string) =>
    authedRequest(classPath(id), z.null(), { method: 'DELETE', body: { confirm_name: confirmName } }),
  );

export const useAddTeacher = (id: string) =>
  useClassMutation('Teacher not added', (email: string) =>
    authedRequest(`${classPath(id)}/teachers`, classSummarySchema, { method: 'POST', body: { email } }),
  );

export const useRemoveTeacher = (id: string) =>
  useClassMutation('Teacher not removed', (teacherId: string) =>
    authedRequest(`${classPath(id)}/teachers/${encodeURIComponent(teacherId)}`, classSummarySchema, {
      method: 'DELETE',
    }),
  );

export const useAddLearners = (id: string) =>
  useClassMutation(
    'Learners not added',
    (names: string[]): Promise<AddedLearners> =>
      authedRequest(`${classPath(id)}/learners`, addedLearnersSchema, { method: 'POST', body: { names } }),
    id,
  );

export const useRenameLearner = (classId: string) =>
  useClassMutation(
    'Name not changed',
    ({ learnerId, displayName }: { learnerId: string; displayName: string }) =>
      authedRequest(learnerPath(classId, learnerId), learnerSchema, {
        method: 'PATCH',
        body: { display_name: displayName },
      }),
    classId,
  );

export const useResetSecret = (classId: string) =>
  useClassMutation(
    'Secret words not changed',
    (learnerId: string): Promise<LearnerWithSecret> =>
      authedRequest(`${learnerPath(classId, learnerId)}/secret`, learnerWithSecretSchema, { method: 'POST' }),
    classId,
  );

/** "New words for all" (issue 36): every learner of the class gets new words; the old cards stop working. */
export const useResetAllSecrets = (classId: string) =>
  useClassMutation(
    'Secret words not changed',
    (): Promise<AddedLearners> =>
      authedRequest(`${classPath(classId)}/learners/secrets`, addedLearnersSchema, { method: 'POST' }),
    classId,
  );

export const useUnlockLearner = (classId: string) =>
  useClassMutation(
    'Not unlocked',
    (learnerId: string) => authedRequest(`${learnerPath(classId, learnerId)}/lock`, z.null(), { method: 'DELETE' }),
    classId,
  );

export const useDeleteLearner = (classId: string) =>
  useClassMutation(
    'Learner not deleted',
    (learnerId: string) => authedRequest(learnerPath(classId, learnerId), z.null(), { method: 'DELETE' }),
    classId,
  );

export const useAnswerHelp = (classId: string) =>
  useClassMutation(
    'Help request not changed',
    ({ requestId, state }: { requestId: number; state: 'coming' | 'handled' }) =>
      authedRequest(`${classPath(classId)}/help/${requestId}`, z.null(), { method: 'POST', body: { state } }),
    classId,
  );

export const progressCsvPath = (classId: string) => `${classPath(classId)}/progress.csv`;
export const learnerExportPath = (classId: string, learnerId: string) => `${learnerPath(classId, learnerId)}/export`;
