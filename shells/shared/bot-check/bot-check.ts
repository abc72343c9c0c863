import { useSyncExternalStore } from 'react';
import type { BotCheckResponse } from '@causeway/core/contracts/auth.contract';
import { apiRequest } from '../http';
import './bot-check.css';
import { solveProofOfWork } from './proof-of-work';

/*
 * SPEC §2 bot check: sign-in and sign-up carry the solution of a fresh challenge. The server says which
 * kind: a proof of work solved here, or a hosted captcha (Cloudflare Turnstile) whose widget is shown.
 */

export type BotCheckPhase = 'idle' | 'checking';

let phase: BotCheckPhase = 'idle';
const listeners = new Set<() => void>();
function setPhase(next: BotCheckPhase) {
  phase = next;
  for (const listener of listeners) listener();
}

/** 'checking' while a challenge is being solved, so buttons can say so. */
export function useBotCheckPhase(): BotCheckPhase {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => phase,
  );
}

/** The `botCheck` field of a sign-in or sign-up: a solved challenge, good once. */
export async function botCheckFields(): Promise<{ botCheck: string }> {
  setPhase('checking');
  try {
    const challenge = await apiRequest<BotCheckResponse>('GET', '/api/auth/bot-check');
    const botCheck =
      challenge.kind === 'proof-of-work'
        ? await solveProofOfWork(challenge.challenge, Number(challenge.params.difficulty))
        : await solveCaptcha(String(challenge.params.siteKey ?? ''));
    return { botCheck };
  } finally {
    setPhase('idle');
  }
}

// ── Hosted captcha ─────────────────────────────────────────────────────────────────────────────────

const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface Turnstile {
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'error-callback': () => void;
      'expired-callback': () => void;
    },
  ): string | undefined;
  remove(widgetId: string): void;
}

let turnstileLoading: Promise<Turnstile> | null = null;

function loadTurnstile(): Promise<Turnstile> {
  turnstileLoading ??= new Promise<Turnstile>((resolve, reject) => {
    const failed = () => {
      turnstileLoading = null;
      reject(new Error("The check that you're a person couldn't be loaded. Check your connection and try again."));
    };
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.onload = () => {
      const turnstile = (window as unknown as { turnstile?: Turnstile }).turnstile;
      if (turnstile) resolve(turnstile);
      else failed();
    };
    script.onerror = failed;
    document.head.append(script);
  });
  return turnstileLoading;
}

/** Shows the captcha widget in a small dialog and answers its response. */
async function solveCaptcha(siteKey: string): Promise<string> {
  const turnstile = await loadTurnstile();
  const dialog = document.createElement('div');
  dialog.className = 'cw-botcheck';
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', 'cw-botcheck-title');
  const card = document.createElement('div');
  card.className = 'cw-botcheck__card';
  const title = document.createElement('h2');
  title.id = 'cw-botcheck-title';
  title.className = 'cw-botcheck__title';
  title.textContent = "Confirm you're a person";
  const text = document.createElement('p');
  text.className = 'cw-botcheck__text';
  text.textContent = 'This quick check keeps automated misuse out of Causeway.';
  const widget = document.createElement('div');
  widget.className = 'cw-botcheck__widget';
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.className = 'cw-button cw-button--ghost';
  cancel.textContent = 'Cancel';
  card.append(title, text, widget, cancel);
  dialog.append(card);
  document.body.append(dialog);
  cancel.focus();

  return new Promise<string>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      if (widgetId) turnstile.remove(widgetId);
      dialog.remove();
      outcome();
    };
    const fail = (message: string) => settle(() => reject(new Error(message)));
    const widgetId = turnstile.render(widget, {
      sitekey: siteKey,
      callback: (token) => settle(() => resolve(token)),
      'error-callback': () => fail("The check that you're a person didn't work. Please try again."),
      'expired-callback': () => fail('The check timed out. Please try again.'),
    });
    cancel.addEventListener('click', () => fail("Please complete the check that you're a person."));
  });
}
