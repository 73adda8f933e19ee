import type { SimDevice } from './device.ts';

/**
 * The simulator's typed commands (one a line on its standard input while it runs), for someone driving a
 * demo or a manual test by hand: what a person at a gate would do.
 */
export const COMMANDS_HELP = `Commands (type while it runs):
  pass SN PERSON [in|out]  show PERSON's face at face terminal SN: a held person inside its window passes
                           (a pass event naming it), one outside its window is refused, an unknown face
                           is a stranger event
  faces SN                 who face terminal SN holds
  help`;

/** Runs one command line against the fleet's devices; answers what to print. */
export function runCommand(line: string, devices: readonly SimDevice[]): string {
  const [cmd, sn, ...rest] = line.trim().split(/\s+/);
  if (!cmd) return '';
  if (cmd === 'help') return COMMANDS_HELP;
  if (cmd !== 'pass' && cmd !== 'faces') return `unknown command ${cmd}; type help`;
  const device = devices.find((d) => d.sn === sn);
  if (!device) return `no device ${sn ?? '(missing SN)'}`;
  if (!device.faces) return `${device.sn} is a ${device.type}, not a face terminal`;
  if (cmd === 'faces') {
    const held = device.faces.list();
    if (!held.length) return `${device.sn} holds nobody`;
    return held.map((p) => `${p.personId}  ${p.name}  ${p.role}  ${p.validFrom} .. ${p.validTo}`).join('\n');
  }
  const [person, direction = 'in'] = rest;
  if (!person) return 'usage: pass SN PERSON [in|out]';
  if (direction !== 'in' && direction !== 'out') return `direction must be in or out, not ${direction}`;
  const outcome = device.reportPass(person, direction);
  if (outcome.passed) return `${device.sn}: ${person} passed (${direction}), event ${outcome.eventId}`;
  if (outcome.reason === 'unknown') return `${device.sn}: ${person} is not held: stranger event ${outcome.eventId}`;
  return `${device.sn}: ${person} refused (${outcome.reason})`;
}
