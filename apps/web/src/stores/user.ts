import { create } from 'zustand';
import type { Role } from '@siteops/contracts/shared/roles';
import type { UserInfo } from '@siteops/contracts/user/schemas';

/**
 * The signed-in user. Not persisted: after a reload the role is unknown and the guard fetches it
 * again (spec 2). `role` is the role the console is drawn for: the real one, or (spec 4's local role
 * switch) a preview of the plain user's console. The server keeps checking the real one.
 */
interface UserState {
  info: UserInfo | null;
  role: Role | undefined;
  setInfo: (info: UserInfo) => void;
  /** Spec 4: starts or ends the preview; answers the role now drawn. */
  switchRole: () => Role | undefined;
  reset: () => void;
}

/** The role a preview shows: the one with the fewest rights, so a preview never promises what the server refuses. */
export const PREVIEW_ROLE: Role = 'user';

/** Whether this user has a console with fewer rights to preview. */
export function canPreview(info: UserInfo | null) {
  return Boolean(info && info.role !== PREVIEW_ROLE);
}

/** The console is drawn for another role than the user's real one. */
export function isPreview(info: UserInfo | null, role: Role | undefined) {
  return Boolean(info && role && role !== info.role);
}

export const useUserStore = create<UserState>()((set, get) => ({
  info: null,
  role: undefined,
  // A refreshed info keeps a running preview (while the real role still has one); anything else follows the server.
  setInfo: (info) =>
    set((s) => ({
      info,
      role: s.info?.id === info.id && isPreview(s.info, s.role) && canPreview(info) ? PREVIEW_ROLE : info.role,
    })),
  switchRole: () => {
    const { info, role } = get();
    if (!info) return role;
    const next: Role = isPreview(info, role) || !canPreview(info) ? info.role : PREVIEW_ROLE;
    set({ role: next });
    return next;
  },
  reset: () => set({ info: null, role: undefined }),
}));

/** Name to greet the user with. */
export function displayName(info: UserInfo | null) {
  return info?.realName || info?.nickName || info?.userName || '';
}

/** Image source for the user's avatar (the signed URL the info call carries), or undefined for the default icon. */
export function avatarSrc(info: UserInfo | null): string | undefined {
  return info?.avatarUrl ?? undefined;
}
