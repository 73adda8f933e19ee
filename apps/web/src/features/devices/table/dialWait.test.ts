import { describe, expect, it } from 'vitest';
import { awaitingDial, DIAL_WAIT_MS } from './dialWait';

describe('awaitingDial', () => {
  const at = 1_000_000;
  it('shows for an authorised device not online since it was authorised here', () => {
    expect(awaitingDial({ authStatus: 'authorize', onlineStatus: 'offline' }, at, at + 60_000)).toBe(true);
    expect(awaitingDial({ authStatus: 'authorize', onlineStatus: 'unknown' }, at, at + 60_000)).toBe(true);
  });
  it('stops once it links, is forbidden, was not authorised here, or after the wait', () => {
    expect(awaitingDial({ authStatus: 'authorize', onlineStatus: 'online' }, at, at + 1)).toBe(false);
    expect(awaitingDial({ authStatus: 'forbidden', onlineStatus: 'offline' }, at, at + 1)).toBe(false);
    expect(awaitingDial({ authStatus: 'authorize', onlineStatus: 'offline' }, undefined, at)).toBe(false);
    expect(awaitingDial({ authStatus: 'authorize', onlineStatus: 'offline' }, at, at + DIAL_WAIT_MS)).toBe(false);
  });
});
