import { create } from 'zustand';
import type { Role } from '@siteops/contracts/roles';
import type { UserInfo } from '@siteops/contracts/user';

/**
 * The signed-in user. Not persisted: after a reload the role is unknown and the guard fetches it
 * again (spec 2). `role` starts as the real role and can be switched locally (spec 4); the server
 * keeps checking the real one.
 */
interface UserState {
  info: UserInfo | null;
  role: Role | undefined;
  setInfo: (info: UserInfo) => void;
  /** Spec 4: toggles between user and admin; answers the new role. */
  switchRole: () => Role;
  reset: () => void;
}

export const useUserStore = create<UserState>()((set, get) => ({
  info: null,
  role: undefined,
  setInfo: (info) => set((s) => ({ info, role: s.info?.id === info.id && s.role ? s.role : info.role })),
  switchRole: () => {
    const role: Role = get().role === 'user' ? 'admin' : 'user';
    set({ role });
    return role;
  },
  reset: () => set({ info: null, role: undefined }),
}));

/** Name to greet the user with. */
export function displayName(info: UserInfo | null) {
  return info?.realName || info?.nickName || info?.userName || '';
}

/**
 * Image source for the user's avatar, or undefined to draw the default icon. The info call may carry a
 * stored file id rather than a URL; only something an <img> can load is used.
 */
export function avatarSrc(info: UserInfo | null): string | undefined {
  const avatar = info?.avatar;
  return avatar && /^(\/|https?:|data:|blob:)/.test(avatar) ? avatar : undefined;
}
