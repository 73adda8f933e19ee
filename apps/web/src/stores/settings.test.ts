import { describe, expect, it } from 'vitest';
import { clampMenuWidth, DEFAULT_SETTINGS, persistedSettings, sanitizeSettings } from './settings';

describe('settings', () => {
  it("defaults are exactly those of spec 3, plus the tab bar's cap and the personal-data watermark (issue 33)", () => {
    expect(DEFAULT_SETTINGS).toEqual({
      theme: 'light',
      colorWeak: false,
      navbar: true,
      menu: true,
      hideMenu: false,
      menuCollapse: false,
      footer: true,
      themeColor: '#165DFF',
      menuWidth: 260,
      globalSettings: false,
      device: 'desktop',
      tabBar: true,
      tabsMax: 20,
      watermark: true,
      menuFromServer: false,
      serverMenu: [],
    });
  });

  it('stores what the user chooses, not what follows the screen or the session', () => {
    const stored = persistedSettings({ ...DEFAULT_SETTINGS, menuWidth: 300, globalSettings: true });
    expect(stored.menuWidth).toBe(300);
    expect(stored).not.toHaveProperty('globalSettings');
    expect(stored).not.toHaveProperty('serverMenu');
    expect(stored).not.toHaveProperty('device');
    expect(stored).not.toHaveProperty('hideMenu');
  });

  it('ignores stored values of the wrong type or unknown keys', () => {
    expect(sanitizeSettings({ theme: 'purple', navbar: 'yes', footer: false, extra: 1 })).toEqual({ footer: false });
    expect(sanitizeSettings(null)).toEqual({});
    expect(sanitizeSettings({ theme: 'dark' })).toEqual({ theme: 'dark' });
  });

  it('keeps the menu width within bounds', () => {
    expect(clampMenuWidth(20)).toBe(160);
    expect(clampMenuWidth(5000)).toBe(480);
    expect(clampMenuWidth(301.4)).toBe(301);
    expect(clampMenuWidth(Number.NaN)).toBe(260);
    expect(sanitizeSettings({ menuWidth: 9999 })).toEqual({ menuWidth: 480 });
  });
});
