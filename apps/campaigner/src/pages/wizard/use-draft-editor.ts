import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { PreCampaignView, WizardStepId } from '@causeway/core/contracts/campaigns.contract';
import { ApiError } from '@causeway/shells/shared/http';
import { NEW_DRAFT_ID } from '@causeway/core/contracts/campaigns.contract';
import { createDraftWith, draftChanged, saveDraft } from '../../api/pre-campaigns.api';
import { draftKeys } from '../../api/query';
import {
  errorsOfField,
  fieldOfPath,
  formOf,
  patchOf,
  sameValue,
  type FieldErrors,
  type FieldMessage,
  type WizardValues,
} from '../../model/wizard-form';
import { stepById, stepOfField, WIZARD_PAGES, type DraftField } from '../../model/wizard-steps';
import { stepProblemsOf } from '../../model/step-problems';

/** How long typing may pause before what was typed is saved. */
export const AUTOSAVE_DELAY_MS = 800;

export type SaveState =
  { state: 'idle' } | { state: 'saving' } | { state: 'saved'; at: Date } | { state: 'failed'; message: string };

/** A field changed in this page: its value, and the server's value it was based on (JSON). */
type Edit = { value: unknown; base: string };

type Store = {
  edits: Partial<Record<DraftField, Edit>>;
  /** Changed and not saved yet. */
  dirty: Set<DraftField>;
  /** Fields whose own rule is checked on screen (after a save was tried), so typing is not interrupted. */
  checked: Set<DraftField>;
  /** Fields the person has left: each shows what submitting needs of it from then on, as it now is. */
  left: Set<DraftField>;
  /** The API's refusals of the last save, by path; a field's go away when it changes. */
  serverErrors: FieldErrors;
  saving: number;
  status: SaveState;
};

const json = (value: unknown) => JSON.stringify(value);

/** What the page shows for a field: a change of this page, unless the server changed since it was saved. */
function valuesOf(server: WizardValues, store: Store): WizardValues {
  const values = { ...server } as Record<DraftField, unknown>;
  for (const [field, edit] of Object.entries(store.edits) as [DraftField, Edit][]) {
    if (store.dirty.has(field) || edit.base === json(server[field])) values[field] = edit.value;
  }
  return values as WizardValues;
}

/**
 * The wizard's form over a draft: values, saving and messages. Each step saves only its own changed
 * fields, after a short pause in typing and when it is left; every field is checked with the API's own
 * schema first, so a field that is wrong stays out of the request (with its message) and the rest is
 * saved. The server's refusals are shown at their fields too.
 */
export function useDraftEditor(
  view: PreCampaignView,
  {
    problems,
    onCreated,
  }: {
    /** What submitting still needs, by field, once the person should see it at the fields. */
    problems: FieldErrors;
    /** Told once the first save of the blank draft made the draft. */
    onCreated?: (view: PreCampaignView) => void;
  },
) {
  const queryClient = useQueryClient();
  const draft = view.preCampaign;
  const id = draft.id;
  const editable = view.permissions.edit;
  const server = useMemo(() => formOf(draft), [draft]);
  const serverRef = useRef(server);
  serverRef.current = server;
  const store = useRef<Store>({
    edits: {},
    dirty: new Set(),
    checked: new Set(),
    left: new Set(),
    serverErrors: {},
    saving: 0,
    status: { state: 'idle' },
  });
  // The blank draft's first save makes it (one draft, whatever follows); later saves go to it.
  const createdId = useRef<string | null>(null);
  const onCreatedRef = useRef(onCreated);
  onCreatedRef.current = onCreated;
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const timer = useRef<number | null>(null);
  const pendingSteps = useRef(new Set<WizardStepId>());
  const mounted = useRef(true);
  const refresh = useCallback(() => {
    if (mounted.current) rerender();
  }, []);

  const values = valuesOf(server, store.current);

  /** The blank draft was just made: the cache knows it before the address moves to it. */
  const created = useCallback(
    (answer: PreCampaignView) => {
      createdId.current = answer.preCampaign.id;
      queryClient.setQueryData(draftKeys.one(answer.preCampaign.id), answer);
      onCreatedRef.current?.(answer);
    },
    [queryClient],
  );

  const saveFields = useCallback(
    (fields: readonly DraftField[]) => {
      const run = async (): Promise<void> => {
        const s = store.current;
        const hasServerError = (field: DraftField) => errorsOfField(s.serverErrors, field).length > 0;
        const candidates = fields.filter((field) => s.dirty.has(field) && !hasServerError(field));
        if (candidates.length === 0) {
          refresh();
          return;
        }
        for (const field of candidates) s.checked.add(field);
        const current = valuesOf(serverRef.current, s);
        const { patch } = patchOf(current, candidates);
        const sent = Object.keys(patch) as DraftField[];
        if (sent.length === 0) {
          refresh();
          return;
        }
        const snapshot = Object.fromEntries(sent.map((field) => [field, current[field]]));
        s.saving += 1;
        s.status = { state: 'saving' };
        refresh();
        let retry = false;
        try {
          const target = id === NEW_DRAFT_ID ? createdId.current : id;
          const answer = target === null ? await createDraftWith(patch) : await saveDraft(target, patch);
          if (target === null) created(answer);
          const saved = formOf(answer.preCampaign);
          const now = valuesOf(serverRef.current, s);
          for (const field of sent) {
            const edit = s.edits[field];
            if (edit) edit.base = json(saved[field]);
            if (sameValue(now[field], snapshot[field])) s.dirty.delete(field);
          }
          await draftChanged(queryClient, answer);
          s.status = { state: 'saved', at: new Date() };
        } catch (error) {
          if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) {
            Object.assign(s.serverErrors, error.fields);
            // The request was refused whole: save the other fields without the refused ones.
            const refused = new Set(Object.keys(error.fields).map(fieldOfPath));
            retry = sent.some((field) => !refused.has(field)) && sent.some((field) => refused.has(field));
            s.status = { state: 'failed', message: 'Some changes were not saved: see the fields marked.' };
          } else if (error instanceof ApiError && error.status === 409) {
            // Someone moved the draft on (sent it for approval, say): read it again, now read-only.
            s.status = { state: 'failed', message: error.message };
            void queryClient.invalidateQueries({ queryKey: draftKeys.one(id) });
          } else {
            s.status = {
              state: 'failed',
              message: error instanceof Error ? error.message : 'Your changes could not be saved.',
            };
          }
        } finally {
          s.saving -= 1;
          refresh();
        }
        if (retry) await run();
      };
      const next = chain.current.then(run, run);
      chain.current = next;
      return next;
    },
    [id, queryClient, refresh, created],
  );

  /** Saves the changes of the steps edited since the last save, one request per step. */
  const flushPending = useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    const steps = [...pendingSteps.current];
    pendingSteps.current.clear();
    return Promise.all(steps.map((step) => saveFields(stepById(step).fields)));
  }, [saveFields]);

  /**
   * The draft's id, making the blank draft first (with what was typed so far) when it is not stored yet,
   * so an upload has a draft to belong to.
   */
  const ensureDraft = useCallback(async (): Promise<string> => {
    if (id !== NEW_DRAFT_ID) return id;
    await flushPending();
    await chain.current;
    if (createdId.current !== null) return createdId.current;
    const make = async (): Promise<string> => {
      if (createdId.current !== null) return createdId.current;
      const answer = await createDraftWith({});
      created(answer);
      await draftChanged(queryClient, answer);
      return answer.preCampaign.id;
    };
    const made = chain.current.then(make, make);
    chain.current = made.then(
      () => undefined,
      () => undefined,
    );
    return made;
  }, [id, flushPending, created, queryClient]);

  const setField = useCallback(
    (field: DraftField, value: unknown, { now = false }: { now?: boolean } = {}) => {
      if (!editable) return;
      const s = store.current;
      const previous = s.edits[field];
      s.edits[field] = { value, base: previous?.base ?? json(serverRef.current[field]) };
      s.dirty.add(field);
      for (const path of Object.keys(s.serverErrors)) if (fieldOfPath(path) === field) delete s.serverErrors[path];
      const step = stepOfField(field);
      if (step) pendingSteps.current.add(step);
      if (timer.current !== null) window.clearTimeout(timer.current);
      if (now) void flushPending();
      else timer.current = window.setTimeout(() => void flushPending(), AUTOSAVE_DELAY_MS);
      refresh();
    },
    [editable, flushPending, refresh],
  );

  /** Changes a field from its latest value (two uploads finishing together both count). */
  const updateField = useCallback(
    <K extends DraftField>(
      field: K,
      change: (value: WizardValues[K]) => WizardValues[K],
      options?: { now?: boolean },
    ) => setField(field, change(valuesOf(serverRef.current, store.current)[field]), options),
    [setField],
  );

  // Leaving the wizard (another page of the app) saves what is left; closing the tab with changes asks first.
  useEffect(() => {
    mounted.current = true;
    const warn = (event: BeforeUnloadEvent) => {
      if (store.current.dirty.size > 0 || store.current.saving > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      mounted.current = false;
      void flushPending();
    };
  }, [flushPending]);

  const s = store.current;
  const checkedDirty = [...s.checked].filter((field) => s.dirty.has(field));
  const clientErrors = checkedDirty.length > 0 ? patchOf(values, checkedDirty).errors : {};

  // What submitting needs of the fields already left, judged on the values on screen with Review's own rules.
  const leftProblems = s.left.size > 0 ? stepProblemsOf(draft, values, s.left) : {};

  /**
   * The messages of a field: its own rule, the server's refusal, then what submitting needs of it (once
   * the field was left, or once asked for).
   */
  const messagesOf = (field: DraftField): FieldMessage[] => {
    const own = errorsOfField(clientErrors, field);
    if (own.length > 0) return own;
    const refused = errorsOfField(s.serverErrors, field);
    if (refused.length > 0) return refused;
    if (s.left.has(field)) return errorsOfField(leftProblems, field);
    return s.dirty.has(field) ? [] : errorsOfField(problems, field);
  };

  const unsavedWithErrors = [...s.dirty].filter(
    (field) => errorsOfField(clientErrors, field).length > 0 || errorsOfField(s.serverErrors, field).length > 0,
  );

  return {
    values,
    editable,
    setField,
    updateField,
    messagesOf,
    /** Saves a step's changes now (when it is left). */
    saveStep: (fields: readonly DraftField[]) => {
      void flushPending();
      // Also what failed before (the connection dropped, say), so leaving a step is a second chance.
      return saveFields(fields);
    },
    flushPending,
    ensureDraft,
    /** The person left a field: from now on it shows what submitting needs of it. */
    leave: (field: DraftField) => {
      if (s.left.has(field)) return;
      s.left.add(field);
      refresh();
    },
    /**
     * Checks a step's changed fields now (they show their messages) and answers whether all can be
     * saved, so Next can stop at a field that is wrong instead of leaving it behind.
     */
    checkStep: (fields: readonly DraftField[]): boolean => {
      const changed = fields.filter((field) => s.dirty.has(field));
      for (const field of changed) s.checked.add(field);
      const { errors } = patchOf(valuesOf(serverRef.current, s), changed);
      const ok =
        Object.keys(errors).length === 0 && changed.every((field) => errorsOfField(s.serverErrors, field).length === 0);
      if (!ok) refresh();
      return ok;
    },
    /** Waits for every save under way. */
    settled: () => chain.current,
    status: s.status,
    saving: s.saving > 0 || (s.dirty.size > unsavedWithErrors.length && timer.current !== null),
    /** Changed fields that cannot be saved as they are. */
    unsavedWithErrors,
    hasUnsaved: s.dirty.size > 0,
    /** The steps with a change that cannot be saved, in the wizard's order ("Basics", "Budget"). */
    unsavedStepLabels: WIZARD_PAGES.filter((page) =>
      page.fields.some((field) => unsavedWithErrors.includes(field)),
    ).map((page) => page.label),
    /** Whether a step has a change that cannot be saved. */
    stepHasErrors: (fields: readonly DraftField[]) => fields.some((field) => unsavedWithErrors.includes(field)),
  };
}

export type DraftEditor = ReturnType<typeof useDraftEditor>;
