import { lazy, useEffect, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HintedIconButton } from '@/components/intent/HintedIconButton';
import { MountWhen } from '@/components/intent/MountWhen';

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
      <HintedIconButton
        title={t('palette.open')}
        icon={<SearchOutlined />}
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      />
      <MountWhen when={loaded}>
        <CommandPalette open={open} onClose={() => setOpen(false)} />
      </MountWhen>
    </>
  );
}
