import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LazyTooltip } from '@/components/intent/LazyTooltip';

// The palette's code loads when it is first opened, not with the console's first paint.
const CommandPalette = lazy(() => import('./CommandPalette').then((m) => ({ default: m.CommandPalette })));

/** The navbar's search button; Ctrl+K (Cmd+K on a Mac) opens the palette from anywhere. */
export function PaletteButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setLoaded(true);
        setOpen((was) => !was);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <LazyTooltip title={t('palette.open')}>
        <Button
          type="text"
          shape="circle"
          icon={<SearchOutlined />}
          aria-label={t('palette.open')}
          aria-keyshortcuts="Control+K Meta+K"
          onClick={() => {
            setLoaded(true);
            setOpen(true);
          }}
        />
      </LazyTooltip>
      {loaded && (
        <Suspense fallback={null}>
          <CommandPalette open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
