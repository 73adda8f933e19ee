import { Avatar } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { loadUserInfo } from '@/lib/session';
import { avatarSrc, useUserStore } from '@/stores/user';

/** Signed URLs the console has already asked to renew: one renewal per URL, never a loop. */
const renewed = new Set<string>();

/**
 * The signed-in user's avatar. Its URL is signed for minutes (personal images), and a navbar or a
 * Workplace card can outlive it: when the image no longer loads, the user info is fetched again once
 * for a freshly signed URL instead of falling back to the default icon for the rest of the session.
 */
export function MyAvatar({ size }: { size: number }) {
  const src = useUserStore((s) => avatarSrc(s.info));
  const renew = () => {
    if (!src || renewed.has(src)) return true;
    renewed.add(src);
    void loadUserInfo().catch(() => undefined);
    // Keep the (broken) image until the new URL arrives, rather than flash the default icon.
    return false;
  };
  return <Avatar size={size} src={src} icon={<UserOutlined />} alt="" onError={renew} />;
}
