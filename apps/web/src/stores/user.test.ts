import { beforeEach, describe, expect, it } from 'vitest';
import { fileApi } from '@siteops/contracts/file/api';
import type { UserInfo } from '@siteops/contracts/user/schemas';
import { avatarSrc, isPreview, useUserStore } from './user';

const info = (patch: Partial<UserInfo> = {}): UserInfo => ({
  id: 1,
  userName: 'someone',
  realName: null,
  nickName: null,
  avatar: null,
  avatarUrl: null,
  role: 'admin',
  email: null,
  phone: null,
  enabled: 'enable',
  isAgent: false,
  agentId: null,
  mustChangePassword: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...patch,
});

describe('user store', () => {
  beforeEach(() => useUserStore.getState().reset());

  it('previews only the plain user console, and switching again ends the preview', () => {
    const store = useUserStore.getState();
    store.setInfo(info({ role: 'agent' }));
    expect(store.switchRole()).toBe('user');
    expect(isPreview(useUserStore.getState().info, useUserStore.getState().role)).toBe(true);
    expect(store.switchRole()).toBe('agent');
    expect(isPreview(useUserStore.getState().info, useUserStore.getState().role)).toBe(false);
  });

  it('a plain user has nothing to preview: the switch keeps its role', () => {
    const store = useUserStore.getState();
    store.setInfo(info({ role: 'user' }));
    expect(store.switchRole()).toBe('user');
    expect(useUserStore.getState().role).toBe('user');
  });

  it('a refreshed info keeps a running preview, and follows a changed real role otherwise', () => {
    const store = useUserStore.getState();
    store.setInfo(info({ role: 'admin' }));
    store.switchRole();
    store.setInfo(info({ role: 'admin', realName: 'Renamed' }));
    expect(useUserStore.getState().role).toBe('user');
    store.switchRole();
    store.setInfo(info({ role: 'agent' }));
    expect(useUserStore.getState().role).toBe('agent');
  });

  it('draws the avatar from the signed URL, never from the bare file id', () => {
    expect(avatarSrc(info({ avatar: 'f1d2', avatarUrl: null }))).toBeUndefined();
    const signed = `${fileApi.serve.path.replace(':id', 'f1d2')}?exp=1&sig=x`;
    expect(avatarSrc(info({ avatar: 'f1d2', avatarUrl: signed }))).toBe(signed);
  });
});
