import { Watermark } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useSettingsStore } from '@/stores/settings';
import { useUserStore } from '@/stores/user';
import { useCurrentRoute } from './useCurrentRoute';

/** Below the navbar (z-index 100), which the content scrolls under; above the page's own layers. */
const WATERMARK_Z_INDEX = 99;

/** The time to the minute, moving on while the page stays open. */
function useMinute() {
  const [now, setNow] = useState(() => dayjs().format('YYYY-MM-DD HH:mm'));
  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs().format('YYYY-MM-DD HH:mm')), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Mark({ account }: { account: string }) {
  const minute = useMinute();
  return (
    <Watermark
      content={[account, minute]}
      zIndex={WATERMARK_Z_INDEX}
      gap={[120, 120]}
      inherit={false}
      style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}
      rootClassName="page-watermark"
    >
      {/* Read by people who cannot see the mark, and by the end-to-end test. */}
      <span data-testid="page-watermark" data-content={`${account} ${minute}`} hidden />
    </Watermark>
  );
}

/**
 * The viewer's account and the time over a page that shows personal data (the route table's
 * `personalData`), unless turned off in the settings drawer. A layer beside the page, not around it:
 * wrapping the pages would remount every kept tab when one with personal data opens.
 */
export function PageWatermark() {
  const current = useCurrentRoute();
  const on = useSettingsStore((s) => s.watermark);
  const account = useUserStore((s) => s.info?.userName);
  if (!on || !current?.personalData || !account) return null;
  return <Mark account={account} />;
}
