import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { reachLines } from './start-banner';

describe('the start banner on who can connect', () => {
  it('says a development server is private, and how to open it', () => {
    expect(reachLines(loadConfig({}), { devMailbox: true, sandboxes: ['DSP', 'Stripe'] })).toEqual([
      '  Listening on 127.0.0.1 only: other computers cannot connect (set HOST=0.0.0.0 to allow them).',
      '  The dev mailbox (/dev/mail) and the DSP and Stripe sandbox controls answer only this computer or platform staff.',
    ]);
  });

  it('says when HOST opens it to the network', () => {
    expect(reachLines(loadConfig({ HOST: '0.0.0.0' }), { devMailbox: true, sandboxes: [] })).toEqual([
      '  Listening on 0.0.0.0: other computers that reach this one can connect.',
      '  The dev mailbox (/dev/mail) answers only this computer or platform staff.',
    ]);
  });

  it('says nothing of conveniences that are not there', () => {
    expect(reachLines(loadConfig({ HOST: '::1' }), { devMailbox: false, sandboxes: [] })).toEqual([
      '  Listening on ::1 only: other computers cannot connect (set HOST=0.0.0.0 to allow them).',
    ]);
  });
});
