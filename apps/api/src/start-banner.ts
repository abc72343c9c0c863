import type { Config } from './config';

/**
 * What the start banner says about who can reach the server and its development conveniences: a
 * laptop's server is private unless HOST opens it, and the dev mailbox and sandbox controls answer
 * only this computer or platform staff either way.
 */
export function reachLines(
  config: Pick<Config, 'HOST' | 'localOnly' | 'PORT'>,
  features: { devMailbox: boolean; sandboxes: string[] },
): string[] {
  const lines = config.localOnly
    ? [`  Listening on ${config.HOST} only: other computers cannot connect (set HOST=0.0.0.0 to allow them).`]
    : [`  Listening on ${config.HOST}: other computers that reach this one can connect.`];
  const conveniences = [
    ...(features.devMailbox ? ['the dev mailbox (/dev/mail)'] : []),
    ...(features.sandboxes.length > 0 ? [`the ${features.sandboxes.join(' and ')} sandbox controls`] : []),
  ];
  if (conveniences.length > 0) {
    const verb = features.devMailbox && features.sandboxes.length === 0 ? 'answers' : 'answer';
    lines.push(`  ${capitalize(conveniences.join(' and '))} ${verb} only this computer or platform staff.`);
  }
  return lines;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
