import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { PreCampaignView, WizardStepId } from '../../../../../core/contracts/campaigns.contract';
import { ApiError } from '../../../../../shells/shared/http';
import { draftChanged, saveDraft } from '../../api/pre-campaigns.api';
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
  }: {
    /** What submitting still needs, by field, once the person should see it at the fields. */
    problems: FieldErrors;
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
    serverErrors: {},
    saving: 0,
    status: { state: 'idle' },
  });
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const timer = useRef<number | null>(null);
  const pendingSteps = useRef(new Set<WizardStepId>());
  const mounted = useRef(true);
  const refresh = useCallback(() => {
    if (mounted.current) rerender();
  }, []);

  const values = valuesOf(server, store.current);

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
          const answer = await saveDraft(id, patch);
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
    [id, queryClient, refresh],
  );

  /** Saves the changes of the steps edited since the last save, one request per step. */
  const flushPending = useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    const steps = [...pendingSteps.current];
    pendingSteps.current.clear();
    return Promise.all(steps.map((step) => saveFields(stepById(step).fields)));
  }, [saveFields]);

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

  /** The messages of a field: its own rule, the server's refusal, then (once asked for) what submitting needs. */
  const messagesOf = (field: DraftField): FieldMessage[] => {
    const own = errorsOfField(clientErrors, field);
    if (own.length > 0) return own;
    const refused = errorsOfField(s.serverErrors, field);
    if (refused.length > 0) return refused;
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
